/**
 * Below a list shown newest first, when the API says older entries follow: how
 * many of the total are shown, and a button that loads the next page by cursor.
 * A plain button, so Tab reaches it and Enter or Space presses it; while the page
 * loads it stays focusable (aria-disabled) and says so.
 */
export function OlderEntries({
  shown,
  total,
  loading,
  onLoad,
}: {
  shown: number;
  total: number | undefined;
  loading: boolean;
  onLoad: () => void;
}) {
  return (
    <p className="older-entries">
      <button
        type="button"
        className="button secondary"
        aria-disabled={loading}
        onClick={() => {
          if (!loading) onLoad();
        }}
      >
        {loading ? 'Loading older entries…' : 'Show older entries'}
      </button>{' '}
      {total !== undefined && (
        <span className="muted">
          {shown} of {total} shown
        </span>
      )}
    </p>
  );
}
