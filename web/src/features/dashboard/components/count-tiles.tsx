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
 * (?neverRun=true), stale (?staleDays=<days>); the tests tile opens it unfiltered. Flaky and never
 * run are counted over the period's runs: their lists count the same runs (&window=<runs>).
 */
export function CountTiles(props: { projectId: number; counts: Dashboard['counts']; days: number; runs: number }) {
  const { projectId, counts, days, runs } = props;
  const window = runs > 0 ? `&window=${runs}` : '';
  const tiles: Tile[] = [
    { key: 'tests', label: 'Tests', hint: 'live in the catalog', search: '' },
    { key: 'flaky', label: 'Flaky', hint: 'passed and failed by turns', search: `?flakyOnly=true${window}` },
    { key: 'failing', label: 'Failing', hint: 'last result failed or blocked', search: '?sort=failureRate' },
    { key: 'neverRun', label: 'Never run', hint: `in the last ${days} days’ runs`, search: `?neverRun=true${window}` },
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
