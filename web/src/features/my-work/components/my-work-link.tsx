import { NavLink } from 'react-router';
import { useMyWork } from '../api/get-my-work';

/** The header's link to My work, with how many assigned tests wait (nothing shown while none do). */
export function MyWorkLink() {
  const work = useMyWork({ limit: 1, offset: 0 });
  const waiting = work.data?.untested ?? 0;
  return (
    <NavLink to="/my-work">
      My work
      {waiting > 0 && (
        <span className="count-badge">
          {waiting}
          <span className="sr-only"> {waiting === 1 ? 'test' : 'tests'} to do</span>
        </span>
      )}
    </NavLink>
  );
}
