import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
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
    navigate('/login', { replace: true, state: { message } });
    markSignedOut(queryClient);
  }, [navigate, queryClient]);
}
