import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { apiClient } from '../../../lib/api-client.ts';
import { markSignedOut, sessionHint, useSession } from '../../../lib/session.tsx';
import { SESSION_MESSAGES } from '../../../lib/session-messages.ts';

/** Ends the session on the server; false when that call failed. */
export async function logout(): Promise<boolean> {
  try {
    await apiClient.post('/api/auth/logout/', undefined, { skipAuthRefresh: true });
    return true;
  } catch {
    return false;
  }
}

/** Logs out, always forgetting the user even if the server call fails, then goes to /login. */
export function useLogout(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { signOutMessage } = useSession();
  return useCallback(async () => {
    const isLoggedOut = await logout();
    const message = isLoggedOut ? SESSION_MESSAGES.loggedOut : SESSION_MESSAGES.sessionExpired;
    // The hint goes first so the session check of the coming route change does not ask the server (a 401).
    sessionHint.clear();
    // Should the guard of the page being left see the signed-out user before the navigation lands, it
    // redirects with this message rather than "Please log in to continue".
    signOutMessage.current = message;
    // `signedOut` keeps /login from sending the still-cached user back to the dashboard.
    navigate('/login', { replace: true, state: { message, signedOut: true } });
    markSignedOut(queryClient);
  }, [navigate, queryClient, signOutMessage]);
}
