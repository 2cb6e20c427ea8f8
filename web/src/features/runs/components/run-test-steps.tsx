import { StatusBadge } from '../../../components/status-badge';
import { ErrorMessage } from '../../../components/error-message';
import type { RunSteps } from '../use-run-steps';

/**
 * The test's steps, numbered, each with its result in this run (flagged while the server does not
 * have it); the picked one (keys 1–9) marked.
 */
export function RunTestSteps({ steps, editable }: { steps: RunSteps; editable: boolean }) {
  const changed = steps.detail.data?.changedSince;
  return (
    <>
      {changed && (
        <p className="run-steps-changed" role="note">
          The test case changed since this run took it (version {changed.version}: {changed.fields.join(', ')}).
        </p>
      )}
      {steps.steps.length > 0 && (
        <>
          <h3 id="run-steps-title">Steps</h3>
          {editable && (
            <p className="muted run-hint">
              {steps.picked
                ? `Step ${steps.picked} picked: a status key sets it, Esc goes back to the whole test.`
                : 'Keys 1–9 pick a step.'}
            </p>
          )}
          <ol className="run-steps" aria-labelledby="run-steps-title">
            {steps.steps.map((s) => (
              <li key={s.index} className="run-step" aria-current={steps.picked === s.index ? 'step' : undefined}>
                <button
                  type="button"
                  className="run-step-pick"
                  aria-pressed={steps.picked === s.index}
                  disabled={!editable}
                  onClick={() => steps.pickStep(steps.picked === s.index ? null : s.index)}
                >
                  <span className="run-step-index">{s.index}.</span> <bdi>{s.action}</bdi>
                </button>
                {s.result ? (
                  <span className="run-step-result">
                    {s.result.unsent && <span className="run-row-unsent">Not sent</span>}
                    <StatusBadge status={s.result.status} />
                  </span>
                ) : (
                  <span className="muted run-step-none">no result</span>
                )}
                {s.sharedSteps && <span className="muted run-step-shared">from {s.sharedSteps.name}</span>}
                {s.data && <p className="run-step-text">Data: {s.data}</p>}
                {s.expected && <p className="run-step-text">Expected: {s.expected}</p>}
                {s.result?.comment && <p className="run-step-text">{s.result.comment}</p>}
              </li>
            ))}
          </ol>
          <ErrorMessage error={steps.detail.error} />
        </>
      )}
    </>
  );
}
