import type { WebhookStateKind } from '../webhook-text';

/** A webhook's state as a word with a mark of its own shape, so color is never alone. */
export function WebhookStateBadge({ kind, label }: { kind: WebhookStateKind; label: string }) {
  const mark = { active: '●', failing: '▲', paused: '❚❚', disabled: '✕' }[kind];
  return (
    <span className="webhook-state" data-kind={kind}>
      <span aria-hidden="true">{mark}</span> {label}
    </span>
  );
}
