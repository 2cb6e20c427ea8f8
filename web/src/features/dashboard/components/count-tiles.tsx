import { Link } from 'react-router';
import type { Dashboard } from '../api/get-dashboard';

interface Tile {
  key: keyof Dashboard['counts'];
  label: string;
  hint: string;
  /** The Stability page's search params that list these tests. */
  search: string;
}

/**
 * The counts of the period, each a link to the Stability page filtered to the tests it counts:
 * flaky (?flakyOnly=true), failing (most failing first, ?sort=failureRate), never run
 * (?neverRun=true), stale (?staleDays=<days>); the tests tile opens it unfiltered.
 */
export function CountTiles({ projectId, counts, days }: { projectId: number; counts: Dashboard['counts']; days: number }) {
  const tiles: Tile[] = [
    { key: 'tests', label: 'Tests', hint: 'live in the catalog', search: '' },
    { key: 'flaky', label: 'Flaky', hint: 'passed and failed by turns', search: '?flakyOnly=true' },
    { key: 'failing', label: 'Failing', hint: 'last result failed or blocked', search: '?sort=failureRate' },
    { key: 'neverRun', label: 'Never run', hint: `in the last ${days} days’ runs`, search: '?neverRun=true' },
    { key: 'stale', label: 'Stale', hint: `not executed in ${days} days`, search: `?staleDays=${days}` },
  ];
  return (
    <ul className="count-tiles" aria-label="Test counts">
      {tiles.map((t) => (
        <li key={t.key}>
          <Link to={`/projects/${projectId}/stability${t.search}`} className="count-tile" data-count={t.key}>
            <span className="count-value">{counts[t.key]}</span> <span className="count-label">{t.label}</span>{' '}
            <span className="count-hint">{t.hint}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
