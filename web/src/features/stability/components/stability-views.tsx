import { Link } from 'react-router';
import { inView, paramsOf, viewLabel, type StabilityFilters, type StabilityView } from '../stability-query';

const VIEWS: StabilityView[] = ['all', 'flaky', 'never', 'stale'];

/** All, Flaky, Never run, Stale: one link each (an address of its own), the one shown marked current. */
export function StabilityViews({ filters }: { filters: StabilityFilters }) {
  return (
    <nav aria-label="Stability views" className="stability-views">
      <ul>
        {VIEWS.map((view) => (
          <li key={view}>
            <Link
              to={{ search: new URLSearchParams(paramsOf(inView(filters, view))).toString() }}
              aria-current={view === filters.view ? 'true' : undefined}
            >
              {viewLabel(view, filters.staleDays)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
