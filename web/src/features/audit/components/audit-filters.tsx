import { useState, type FormEvent } from 'react';
import { AUDIT_ACTIONS, type AuditFilters } from '../audit-query';

interface Props {
  filters: AuditFilters;
  people: { userId: number; name: string }[];
  onApply: (filters: AuditFilters) => void;
}

const keyOf = (f: AuditFilters) => [f.actorId, f.action, f.from, f.to].join('|');

/** Who, what kind and which days: applied together (Enter or Filter), cleared at once. */
export function AuditFilterForm({ filters, people, onApply }: Props) {
  const [draft, setDraft] = useState(filters);
  // The address's filters last seen, and the ones this form applied. Only a change of the address that
  // the form did not make (Back, a link) replaces the draft; a choice made while an apply is still on
  // its way to the address stays.
  const [seen, setSeen] = useState({ key: keyOf(filters), applied: '' });
  if (keyOf(filters) !== seen.key) {
    setSeen({ key: keyOf(filters), applied: '' });
    if (keyOf(filters) !== seen.applied) setDraft(filters);
  }
  const apply = (next: AuditFilters) => {
    setSeen((s) => ({ ...s, applied: keyOf(next) }));
    onApply(next);
  };
  const set = (key: keyof AuditFilters) => (e: { target: { value: string } }) => {
    const value = e.target.value;
    setDraft((d) => ({ ...d, [key]: value }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply({ ...draft, offset: 0 });
  };
  const clear = () => {
    const none = { actorId: '', action: '', from: '', to: '', offset: 0 };
    setDraft(none);
    apply(none);
  };
  return (
    <form className="audit-filters" onSubmit={submit} aria-label="Audit filters">
      <div className="audit-field">
        <label htmlFor="audit-person">Person</label>
        <select id="audit-person" value={draft.actorId} onChange={set('actorId')}>
          <option value="">Anyone</option>
          {people.map((p) => (
            <option key={p.userId} value={p.userId}>
              {p.name}
            </option>
          ))}
        </select>
      </div>
      <div className="audit-field">
        <label htmlFor="audit-action">Kind</label>
        <select id="audit-action" value={draft.action} onChange={set('action')}>
          <option value="">Any kind</option>
          {AUDIT_ACTIONS.map((a) => (
            <option key={a.value} value={a.value}>
              {a.label}
            </option>
          ))}
        </select>
      </div>
      <div className="audit-field">
        <label htmlFor="audit-from">From</label>
        <input id="audit-from" type="date" value={draft.from} max={draft.to || undefined} onChange={set('from')} />
      </div>
      <div className="audit-field">
        <label htmlFor="audit-to">To</label>
        <input id="audit-to" type="date" value={draft.to} min={draft.from || undefined} onChange={set('to')} />
      </div>
      <div className="button-row">
        <button type="submit" className="button">
          Filter
        </button>
        <button type="button" className="button secondary" onClick={clear}>
          Clear
        </button>
      </div>
    </form>
  );
}
