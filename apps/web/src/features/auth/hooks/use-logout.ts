import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router';
import { markSignedOut } from '../../../lib/session.tsx';
import { SESSION_MESSAGES } from '../../../lib/session-messages.ts';
import { logout } from '../api/logout.ts';

/** Logs out, always forgetting the user even if the server call fails, then goes to /login (spec §4). */
export function useLogout(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    const isLoggedOut = await logout();
    const message = isLoggedOut ? SESSION_MESSAGES.loggedOut : SESSION_MESSAGES.sessionExpired;
    // Leave the page first (committed at once), then forget the user: the guard of the page being left must
    // not see the signed-out state and redirect on its own with "Please log in to continue".
    flushSync(() => navigate('/login', { replace: true, state: { message, signedOut: true } }));
    markSignedOut(queryClient);
  }, [navigate, queryClient]);
}
