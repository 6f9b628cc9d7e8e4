import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoading } from '../components/ui/page-loading.tsx';
import { originPath, readNavigationState } from '../lib/navigation-state.ts';
import { useSession } from '../lib/session.tsx';
import { SESSION_MESSAGES } from '../lib/session-messages.ts';

/**
 * Pages that need sign-in. While the session loads nothing redirects; afterwards a visitor goes to /login
 * (history replaced) with "Please log in to continue" and the origin, query included, to come back to.
 */
export function RequireAuth() {
  const { isAuthenticated, isLoading, signOutMessage } = useSession();
  const location = useLocation();
  if (isLoading) return <PageLoading />;
  if (!isAuthenticated) {
    const from = { pathname: location.pathname, search: location.search, hash: location.hash };
    // A page that was showing when the session ended may have chosen its own message (useSignOutMessage).
    const message = signOutMessage.current ?? SESSION_MESSAGES.pleaseLogIn;
    return <Navigate to="/login" replace state={{ message, from }} />;
  }
  return <Outlet />;
}

/** /login and /signup: "Loading" while the session loads; a signed-in user goes on to the origin or /dashboard. */
export function GuestOnly() {
  const { isAuthenticated, isLoading } = useSession();
  const location = useLocation();
  if (isLoading) return <PageLoading />;
  const { from, signedOut } = readNavigationState(location.state);
  if (isAuthenticated && !signedOut) {
    return <Navigate to={originPath(from) ?? '/dashboard'} replace />;
  }
  return <Outlet />;
}
