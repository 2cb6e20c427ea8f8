import { nextOffset, previousOffset, rangeText, type PageState } from '../lib/paging';
import './pager.css';

interface Props extends PageState {
  /** Names the pager's landmark, e.g. "Run pages". */
  label: string;
  onOffset: (offset: number) => void;
  previousText?: string;
  nextText?: string;
  /** What the range says of an empty list, e.g. "No members". */
  emptyText?: string;
  small?: boolean;
}

/**
 * Previous and Next around the range on screen ("26–50 of 60"), announced when it changes. A
 * button with nowhere to go is disabled.
 */
export function Pager({ label, offset, limit, total, onOffset, previousText = 'Previous', nextText = 'Next', emptyText, small }: Props) {
  const previous = previousOffset({ offset, limit, total });
  const next = nextOffset({ offset, limit, total });
  const className = small ? 'button secondary small' : 'button secondary';
  return (
    <nav className="pager" aria-label={label}>
      <button type="button" className={className} disabled={previous === undefined} onClick={() => onOffset(previous ?? offset)}>
        {previousText}
      </button>
      <span aria-live="polite">{rangeText({ offset, limit, total }, emptyText)}</span>
      <button type="button" className={className} disabled={next === undefined} onClick={() => onOffset(next ?? offset)}>
        {nextText}
      </button>
    </nav>
  );
}
