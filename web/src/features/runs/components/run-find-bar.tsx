import type { RefObject } from 'react';
import { finding, NO_FIND, type RunFind } from '../run-find';
import type { LiveState } from '../api/watch-run-events';
import type { Assignees } from '../api/get-assignees';

interface Props {
  find: RunFind;
  onFind: (find: RunFind) => void;
  /** Section paths to narrow to, in tree order (sectionChoices). */
  sections: string[];
  /** Tests shown, of how many in the run (with the status filter). */
  shown: number;
  total: number;
  /** Whether others' marks arrive live (the event stream is open), and the last one in words. */
  live: { live: LiveState; announcement: string };
  searchRef: RefObject<HTMLInputElement | null>;
  /** Back to the list (Enter or Esc in the search box): j/k move within what it shows. */
  onLeave: () => void;
  people: Assignees;
}

const assigneeValue = (a: RunFind['assignee']) => (a === undefined ? '' : String(a));
const assigneeOf = (v: string): RunFind['assignee'] => (v === '' ? undefined : v === 'me' || v === 'none' ? v : Number(v));

const LIVE_LABELS: Record<LiveState, string> = { live: 'Live', connecting: 'Connecting…', offline: 'Offline' };

/**
 * Search inside the run (title, section, id) and a section to narrow to, with how many tests they
 * leave; then whether others' marks arrive live, and the last one.
 */
export function RunFindBar({ find, onFind, sections, shown, total, live, searchRef, onLeave, people }: Props) {
  return (
    <>
      <div className="run-find" role="search" aria-label="Find tests in this run">
        <div className="run-find-field run-find-search">
          <label htmlFor="run-search">
            Search <kbd>/</kbd>
          </label>
          <input
            id="run-search"
            ref={searchRef}
            type="search"
            placeholder="Title, section or id"
            value={find.search}
            maxLength={200}
            onChange={(e) => onFind({ ...find, search: e.target.value })}
            onKeyDown={(e) => {
              if (e.key !== 'Enter' && e.key !== 'Escape') return;
              e.preventDefault(); // Esc keeps the search (the browser would clear it): it leaves the box
              onLeave();
            }}
          />
        </div>
        <div className="run-find-field">
          <label htmlFor="run-section">Section</label>
          <select id="run-section" value={find.section ?? ''} onChange={(e) => onFind({ ...find, section: e.target.value || null })}>
            <option value="">All sections</option>
            {sections.map((path) => (
              <option key={path} value={path}>
                {path}
              </option>
            ))}
          </select>
        </div>
        <div className="run-find-field">
          <label htmlFor="run-assignee">Assignee</label>
          <select
            id="run-assignee"
            value={assigneeValue(find.assignee)}
            onChange={(e) => onFind({ ...find, assignee: assigneeOf(e.target.value) })}
          >
            <option value="">Anyone</option>
            <option value="me">Me</option>
            <option value="none">Nobody</option>
            {people.members
              .filter((m) => m.userId !== people.meId)
              .map((m) => (
                <option key={m.userId} value={m.userId}>
                  {m.name}
                </option>
              ))}
          </select>
        </div>
        <p className="run-find-count muted" aria-live="polite">
          {finding(find) && (
            <>
              {shown} of {total} tests{' '}
              <button type="button" className="button secondary small" onClick={() => onFind(NO_FIND)}>
                Clear
              </button>
            </>
          )}
        </p>
        <span className="run-live" data-live={live.live === 'live' || undefined} title="Marks by others appear here as they are saved">
          {LIVE_LABELS[live.live]}
        </span>
      </div>
      <p className="run-announce" role="status">
        {live.announcement}
      </p>
    </>
  );
}
