import { NavLink, Outlet, useParams } from 'react-router';
import { SessionEndedDialog, useMe, useOrgs, useIsAnyAdmin } from '../features/auth';
import { ErrorMessage } from '../components/error-message';
import { useStrayDropGuard } from '../features/attachments';
import { MyWorkLink } from '../features/my-work';

/** The user's organizations, beside the logo; a project's pages name theirs in the breadcrumbs instead. */
function Context() {
  const inProject = useParams().projectId !== undefined;
  const orgs = useOrgs();
  if (inProject || !orgs.data?.length) return null;
  return <span className="context">{orgs.data.map((o) => o.orgName).join(', ')}</span>;
}

function UserBadge() {
  const me = useMe();
  const orgs = useOrgs();
  if (!me.data) return null;
  const roles = me.data.memberships
    .map((m) => `${m.role}${(orgs.data?.length ?? 0) > 1 ? ` of ${orgs.data?.find((o) => o.orgId === m.orgId)?.orgName ?? m.orgId}` : ''}`)
    .join(', ');
  return (
    <span className="user" data-testid="signed-in-user">
      <strong dir="auto">{me.data.name}</strong> <span className="muted">{roles || 'no organization'}</span>
    </span>
  );
}

export function AppLayout() {
  const me = useMe();
  const isAdmin = useIsAnyAdmin();
  useStrayDropGuard();
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="app-header">
        <div className="brand">
          <NavLink to="/projects" className="logo">
            Casebook
          </NavLink>
          <Context />
        </div>
        <nav aria-label="Main">
          <ul>
            <li>
              <NavLink to="/projects">Projects</NavLink>
            </li>
            <li>
              <MyWorkLink />
            </li>
            <li>
              <NavLink to="/tokens">Tokens</NavLink>
            </li>
            {isAdmin && (
              <li>
                <NavLink to="/users">Users</NavLink>
              </li>
            )}
            {isAdmin && (
              <li>
                <NavLink to="/audit">Audit log</NavLink>
              </li>
            )}
            {isAdmin && (
              <li>
                <NavLink to="/webhooks">Webhooks</NavLink>
              </li>
            )}
          </ul>
        </nav>
        <div className="account">
          <UserBadge />
          <form method="post" action="/logout">
            <button type="submit" className="button secondary">
              Sign out
            </button>
          </form>
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        <ErrorMessage error={me.error} />
        <Outlet />
      </main>
      <SessionEndedDialog />
    </>
  );
}
