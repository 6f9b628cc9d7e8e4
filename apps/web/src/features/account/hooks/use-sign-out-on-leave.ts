import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { markSignedOut, sessionHint } from '../../../lib/session.tsx';

/**
 * After the account is deleted: go to `to` with a banner message, and forget the user only once this page has
 * been left. Router updates run as transitions (decision 011), so forgetting the user first would let this
 * page's guard send the browser to /login before the home page has loaded.
 */
export function useSignOutOnLeave(): (to: string, message: string) => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const isArmed = useRef(false);

  useEffect(
    () => () => {
      if (isArmed.current) markSignedOut(queryClient);
    },
    [queryClient],
  );

  return useCallback(
    (to: string, message: string) => {
      // The hint goes first so the session check of the coming route change does not ask the server (a 401).
      sessionHint.clear();
      isArmed.current = true;
      navigate(to, { replace: true, state: { message } });
    },
    [navigate],
  );
}
