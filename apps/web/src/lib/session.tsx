import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { UserResponseSchema, UserSchema } from '@threadcart/contracts';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import type { z } from 'zod';
import { hasStatus } from './api-error.ts';
import { apiClient, setAuthFailureHandler } from './api-client.ts';
import { AUTH_CHECK_TIMEOUT_MS } from './session-messages.ts';

/** The signed-in user as GET /api/users/me/ returns it; credits may be missing (the badge then hides). */
export const SessionUserSchema = UserSchema.partial().required({ username: true });
export type SessionUser = z.infer<typeof SessionUserSchema>;
/** `{user}` as sign-in, GET and PATCH /api/users/me/ answer it, read with the session's leniency. */
export const SessionUserResponseSchema = UserResponseSchema.extend({ user: SessionUserSchema });

export const ME_QUERY_KEY = ['me'] as const;

/**
 * A non-secret hint that this browser holds session cookies (they are httpOnly, so JS cannot see them).
 * Without it the start-up check skips GET /api/users/me/, so a visitor never causes a 401 (docs/product.md §2.3).
 */
const SESSION_HINT_KEY = 'threadcart.has-session';
export const sessionHint = {
  isSet(): boolean {
    try {
      return window.localStorage.getItem(SESSION_HINT_KEY) === '1';
    } catch {
      return true;
    }
  },
  set(): void {
    try {
      window.localStorage.setItem(SESSION_HINT_KEY, '1');
    } catch {
      // storage may be disabled; the check then always runs
    }
  },
  clear(): void {
    try {
      window.localStorage.removeItem(SESSION_HINT_KEY);
    } catch {
      // see above
    }
  },
};

/** The current user, or null when signed out (a 401 after the refresh attempt). */
export async function fetchMe(): Promise<SessionUser | null> {
  if (!sessionHint.isSet()) return null;
  try {
    const response = await apiClient.get('/api/users/me/');
    const user = SessionUserResponseSchema.parse(response.data).user;
    sessionHint.set();
    return user;
  } catch (error) {
    if (hasStatus(error, 401)) {
      sessionHint.clear();
      return null;
    }
    throw error;
  }
}

/** Records a successful sign-in. */
export function markSignedIn(queryClient: QueryClient, user: SessionUser): void {
  sessionHint.set();
  queryClient.setQueryData(ME_QUERY_KEY, user);
  void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
}

/** Forgets the user and every cached query that belonged to them. */
export function markSignedOut(queryClient: QueryClient): void {
  sessionHint.clear();
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== ME_QUERY_KEY[0] });
  queryClient.setQueryData(ME_QUERY_KEY, null);
}

/** Re-reads the user (credits included) after orders and purchases. */
export function invalidateMe(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
}

export function useInvalidateMe(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => invalidateMe(queryClient), [queryClient]);
}

export interface Session {
  user: SessionUser | null;
  isAuthenticated: boolean;
  /** True until the first check ends or 5 s pass; the guard never redirects meanwhile. */
  isLoading: boolean;
  /** The first check took longer than 5 s. */
  hasTimedOut: boolean;
  /** Runs the check again and returns its result (route changes, purchases). */
  recheck: () => Promise<SessionUser | null>;
  /** The message the guard uses when the session ends on the current page (see useSignOutMessage). */
  signOutMessage: { current: string | null };
}

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: ME_QUERY_KEY, queryFn: fetchMe, retry: false, staleTime: 0 });
  // Read the user straight from the cache (useQuery's own updates arrive a task later): a sign-out then lands
  // in the same render as the navigation that follows it, so no guard acts on a user who is already gone.
  const subscribe = useCallback(
    (onChange: () => void) =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.query.queryKey[0] === ME_QUERY_KEY[0]) onChange();
      }),
    [queryClient],
  );
  const cached = useSyncExternalStore(subscribe, () =>
    queryClient.getQueryData<SessionUser | null>(ME_QUERY_KEY),
  );
  const [hasTimedOut, setHasTimedOut] = useState(false);
  const signOutMessage = useRef<string | null>(null);
  const isPending = cached === undefined && query.isPending;

  useEffect(() => {
    if (!isPending) return;
    const timer = setTimeout(() => setHasTimedOut(true), AUTH_CHECK_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [isPending]);

  useEffect(() => {
    setAuthFailureHandler(() => markSignedOut(queryClient));
    return () => setAuthFailureHandler(undefined);
  }, [queryClient]);

  const recheck = useCallback(async () => {
    try {
      return await queryClient.fetchQuery({ queryKey: ME_QUERY_KEY, queryFn: fetchMe, staleTime: 0 });
    } catch {
      return queryClient.getQueryData<SessionUser | null>(ME_QUERY_KEY) ?? null;
    }
  }, [queryClient]);

  const user = cached ?? null;
  const value = useMemo<Session>(
    () => ({
      user,
      isAuthenticated: user !== null,
      isLoading: isPending && !hasTimedOut,
      hasTimedOut: hasTimedOut && user === null,
      recheck,
      signOutMessage,
    }),
    [user, isPending, hasTimedOut, recheck],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}

/**
 * While the calling page is shown, a session that ends (a failed refresh) sends the user to /login with this
 * message instead of "Please log in to continue"; the guard still remembers the origin.
 */
export function useSignOutMessage(message: string): void {
  const { signOutMessage } = useSession();
  useEffect(() => {
    signOutMessage.current = message;
    return () => {
      if (signOutMessage.current === message) signOutMessage.current = null;
    };
  }, [message, signOutMessage]);
}
