import axios, {
  AxiosError,
  type AxiosAdapter,
  type AxiosInstance,
  type InternalAxiosRequestConfig,
} from 'axios';
import { API_MESSAGES } from '@threadcart/contracts';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Never refresh-and-replay this call on a 401 (sign-in, refresh, logout, reset). */
    skipAuthRefresh?: boolean;
    /** Do not fetch a CSRF token for this unsafe call (endpoints the server exempts, auth-api.md). */
    skipCsrf?: boolean;
    /** Internal: the session generation the request was sent in, and whether it was replayed. */
    _sessionGeneration?: number;
    _isReplay?: boolean;
    _isCsrfRetry?: boolean;
    _isReauthRetry?: boolean;
  }
}

export const API_TIMEOUT_MS = 10_000;
export const CSRF_PATH = '/api/auth/csrf/';
export const REFRESH_PATH = '/api/auth/token/refresh/';
export const LOGIN_PATH = '/api/auth/token/';
export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'X-CSRFToken';
const UNSAFE_METHODS = new Set(['post', 'put', 'patch', 'delete']);
/** Calls whose 401 means "wrong credentials" or "no session", never "access token expired". */
const NO_REFRESH_PATHS = [LOGIN_PATH, REFRESH_PATH];

export interface ApiClientOptions {
  /** Replaces the network (tests). */
  adapter?: AxiosAdapter;
  /** Called once per failed refresh, after which every waiting request fails. */
  onAuthFailure?: () => void;
  /** Reads document.cookie (tests may pass their own). */
  readCookies?: () => string;
  /**
   * Asked on a 403 `reauthentication_required` (account management needs the password proved in the last 10
   * minutes): resolves true once the user has given it, and the request is sent once more; false gives up.
   */
  onReauthRequired?: () => Promise<boolean>;
}

/** The code of the 403 that asks the session to prove its password again (POST /api/auth/reauthenticate/). */
export const REAUTH_REQUIRED_CODE = 'reauthentication_required';

function readCookie(cookies: string, name: string): string | undefined {
  for (const part of cookies.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

function isReauthRequest(error: AxiosError): boolean {
  const data = error.response?.data as { code?: unknown } | undefined;
  return error.response?.status === 403 && data?.code === REAUTH_REQUIRED_CODE;
}

function isCsrfRejection(error: AxiosError): boolean {
  const data = error.response?.data as { detail?: unknown } | undefined;
  return error.response?.status === 403 && data?.detail === API_MESSAGES.csrfFailed;
}

/**
 * The one HTTP client: same origin, cookies, 10 s timeout, the CSRF header on unsafe calls, and on a 401 a
 * single shared refresh after which each waiting request is replayed once (a failed refresh fails them all).
 */
export function createApiClient(options: ApiClientOptions = {}): AxiosInstance {
  const readCookies = options.readCookies ?? (() => (typeof document === 'undefined' ? '' : document.cookie));
  const client = axios.create({
    baseURL: '/',
    withCredentials: true,
    timeout: API_TIMEOUT_MS,
    headers: { Accept: 'application/json' },
    ...(options.adapter ? { adapter: options.adapter } : {}),
  });

  let csrfToken: string | undefined;
  let csrfRequest: Promise<string> | null = null;
  let refreshRequest: Promise<void> | null = null;
  // Bumped by every successful refresh: a 401 for a request sent before it is replayed without refreshing again.
  let generation = 0;

  function fetchCsrfToken(): Promise<string> {
    csrfRequest ??= client
      .get<{ csrfToken: string }>(CSRF_PATH, { skipAuthRefresh: true })
      .then((response) => {
        csrfToken = response.data.csrfToken;
        return csrfToken;
      })
      .finally(() => {
        csrfRequest = null;
      });
    return csrfRequest;
  }

  async function getCsrfToken(): Promise<string> {
    return readCookie(readCookies(), CSRF_COOKIE) ?? csrfToken ?? fetchCsrfToken();
  }

  function refreshSession(): Promise<void> {
    refreshRequest ??= client
      .post(REFRESH_PATH, undefined, { skipAuthRefresh: true })
      .then(() => {
        generation += 1;
      })
      .catch((error: unknown) => {
        options.onAuthFailure?.();
        throw error;
      })
      .finally(() => {
        refreshRequest = null;
      });
    return refreshRequest;
  }

  client.interceptors.request.use(async (config: InternalAxiosRequestConfig) => {
    config._sessionGeneration = generation;
    const method = (config.method ?? 'get').toLowerCase();
    if (UNSAFE_METHODS.has(method) && !config.skipCsrf) {
      config.headers.set(CSRF_HEADER, await getCsrfToken());
    }
    return config;
  });

  client.interceptors.response.use(undefined, async (error: unknown) => {
    if (!(error instanceof AxiosError) || !error.config) throw error;
    const config = error.config;
    const status = error.response?.status;

    if (isCsrfRejection(error) && !config._isCsrfRetry) {
      // The token was rotated or never set: fetch a fresh one and try once more.
      csrfToken = undefined;
      await fetchCsrfToken();
      return client({ ...config, _isCsrfRetry: true });
    }
    if (isReauthRequest(error) && !config._isReauthRetry && options.onReauthRequired) {
      if (!(await options.onReauthRequired())) throw error;
      return client({ ...config, _isReauthRetry: true });
    }
    if (status === 403 && config.url !== REFRESH_PATH) {
      console.warn(`Forbidden: ${config.method?.toUpperCase()} ${config.url}`);
      throw error;
    }
    const path = config.url ?? '';
    if (status !== 401 || config._isReplay || config.skipAuthRefresh || NO_REFRESH_PATHS.includes(path)) {
      throw error;
    }
    const sentBeforeLastRefresh = config._sessionGeneration !== generation;
    if (refreshRequest || !sentBeforeLastRefresh) {
      try {
        await refreshSession();
      } catch {
        throw error;
      }
    }
    return client({ ...config, _isReplay: true });
  });

  return client;
}

let authFailureHandler: (() => void) | undefined;
let reauthHandler: (() => Promise<boolean>) | undefined;

/** Sets who asks for the password when the server wants it again (the re-authentication dialog). */
export function setReauthHandler(handler: (() => Promise<boolean>) | undefined): void {
  reauthHandler = handler;
}

/** Sets what happens when a refresh fails (the session marks the user signed out; the guard then redirects). */
export function setAuthFailureHandler(handler: (() => void) | undefined): void {
  authFailureHandler = handler;
}

export const apiClient = createApiClient({
  onAuthFailure: () => authFailureHandler?.(),
  onReauthRequired: () => reauthHandler?.() ?? Promise.resolve(false),
});
