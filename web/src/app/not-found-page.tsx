import { Link, useLocation, useNavigate } from 'react-router';
import { Page } from '../components/page';

/** Any path the app does not know: say so, show the path, and offer a way back. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  // The router's own history index: 0 when this page was opened directly (no in-app page to go back to).
  const canGoBack = ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;
  return (
    <Page title="Page not found">
      <p>
        There is no page at <code dir="auto">{pathname}</code>. The link may be mistyped, or what it pointed to may have moved or been
        deleted.
      </p>
      <div className="button-row">
        <Link className="button" to="/projects">
          Go to your projects
        </Link>
        {canGoBack && (
          <button type="button" className="button secondary" onClick={() => void navigate(-1)}>
            Go back
          </button>
        )}
      </div>
    </Page>
  );
}
