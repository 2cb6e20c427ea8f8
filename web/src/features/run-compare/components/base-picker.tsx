import { useRuns } from '../../runs';
import type { RunComparison } from '../api/get-run-comparison';

/** The most runs the picker lists, newest first (a base further back is still shown when chosen). */
export const PICKER_RUNS = 200;

type ComparedRun = RunComparison['run'];

interface Props {
  projectId: number;
  runId: number;
  run: ComparedRun | undefined;
  /** The base the comparison was made with (the default one when none was chosen). */
  base: ComparedRun | undefined;
  /** The base the URL names; undefined: the server's default. */
  chosen: number | undefined;
  loading: boolean;
  onChoose: (runId: number) => void;
}

const dateText = (iso: string) => new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });

function RunLine({ run }: { run: ComparedRun | undefined }) {
  if (!run) return <span className="muted">…</span>;
  return (
    <span className="compare-run-line">
      <bdi className="compare-run-name">{run.runName}</bdi>
      <span className="muted">
        {run.branch ? (
          <>
            branch <bdi>{run.branch}</bdi>
          </>
        ) : (
          'no branch'
        )}
      </span>
    </span>
  );
}

/** This run, and the base run it is compared with: a <select> of the project's other runs, the default preselected. */
export function BasePicker({ projectId, runId, run, base, chosen, loading, onChoose }: Props) {
  const runs = useRuns(projectId, PICKER_RUNS, 0);
  const others = runs.data?.runs.filter((r) => r.runId !== runId) ?? [];
  const value = chosen ?? base?.runId;
  const missing = value !== undefined && runs.data && !others.some((r) => r.runId === value);
  return (
    <div className="compare-runs">
      <div className="compare-run">
        <span className="compare-run-role">This run</span>
        <RunLine run={run} />
      </div>
      <div className="compare-run">
        <label className="compare-run-role" htmlFor="compare-base">
          Compared with
        </label>
        <select
          id="compare-base"
          value={value ?? ''}
          onChange={(e) => e.target.value && onChoose(Number(e.target.value))}
          aria-describedby="compare-base-note"
        >
          {value === undefined && <option value="">{runs.data ? 'Choose a run' : 'Loading runs…'}</option>}
          {missing && <option value={value}>{base?.runId === value ? base.runName : `Run #${value}`}</option>}
          {others.map((r) => (
            <option key={r.runId} value={r.runId}>
              {r.runName} · {dateText(r.createdAt)}
              {chosen === undefined && r.runId === base?.runId ? ' (default)' : ''}
            </option>
          ))}
        </select>
        <span id="compare-base-note" className="muted compare-base-note">
          {loading ? 'Comparing…' : base ? <RunLine run={base} /> : 'No base run'}
        </span>
      </div>
    </div>
  );
}
