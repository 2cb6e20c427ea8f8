import { Link } from 'react-router';
import type { RunComparison } from '../api/get-run-comparison';
import { COMPARE_CATEGORIES } from '../compare-categories';

/** The titles the comparison carries (its tests on screen), to name the tests of a group. */
function titlesOf(comparison: RunComparison): Map<number, string> {
  const titles = new Map<number, string>();
  for (const c of COMPARE_CATEGORIES) for (const t of comparison.tests[c] ?? []) titles.set(t.testId, t.title);
  return titles;
}

/** The run's failed and blocked results grouped by their message, most first; a group the base run did not have is marked New. */
export function FailureGroups({ projectId, comparison }: { projectId: number; comparison: RunComparison }) {
  const groups = comparison.failureGroups;
  const titles = titlesOf(comparison);
  return (
    <section className="compare-section" aria-labelledby="failure-groups-heading">
      <h2 id="failure-groups-heading">Failure groups</h2>
      {groups.length > 0 && (
        <p className="muted">
          By the first line of their message, values left out.
          {comparison.base && <> New: no failure of {comparison.base.runName} had this message.</>}
        </p>
      )}
      {groups.length === 0 ? (
        <p className="muted">No failed or blocked result of this run has a message.</p>
      ) : (
        <ol className="failure-groups">
          {groups.map((g) => (
            <li key={g.signature} className="failure-group" data-new={g.new || undefined}>
              <div className="failure-group-head">
                {g.new && <span className="failure-new">New</span>}
                <code className="failure-signature">{g.signature}</code>
                <span className="failure-count">
                  {g.count} {g.count === 1 ? 'result' : 'results'}
                </span>
              </div>
              <p className="failure-sample">
                <span className="muted">Sample: </span>
                <bdi>{g.sample}</bdi>
              </p>
              <ul className="failure-tests" aria-label={`Tests failing with ${g.signature}`}>
                {g.testIds.map((id) => (
                  <li key={id}>
                    <Link to={`/projects/${projectId}/tests/${id}`}>
                      <span className="muted">{titles.has(id) ? `#${id}` : `Test #${id}`}</span>
                      {titles.has(id) && (
                        <>
                          {' '}
                          <bdi>{titles.get(id)}</bdi>
                        </>
                      )}
                    </Link>
                  </li>
                ))}
                {g.count > g.testIds.length && <li className="muted">and {g.count - g.testIds.length} more</li>}
              </ul>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
