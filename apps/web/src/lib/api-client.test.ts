import { AxiosError } from 'axios';
import { describe, expect, test, vi } from 'vitest';
import { createMockAdapter, deferred, type MockHandler, type RecordedRequest } from '../testing/mock-api.ts';
import { API_TIMEOUT_MS, CSRF_HEADER, createApiClient } from './api-client.ts';

function setup(routes: Record<string, MockHandler>, cookies = '') {
  const calls: RecordedRequest[] = [];
  const onAuthFailure = vi.fn();
  const client = createApiClient({
    adapter: createMockAdapter(routes, calls),
    onAuthFailure,
    readCookies: () => cookies,
  });
  const count = (key: string) => calls.filter((call) => `${call.method} ${call.url}` === key).length;
  return { client, calls, count, onAuthFailure };
}

/** A resource that answers 401 until the session has been refreshed, then 200. */
function expiringSession() {
  const state = { isRefreshed: false };
  const resource: MockHandler = () =>
    state.isRefreshed ? [200, { ok: true }] : [401, { code: 'token_not_valid' }];
  return { state, resource };
}

describe('the API client', () => {
  test('uses the same origin, sends cookies and times out after 10 s', () => {
    const { client } = setup({});
    expect(client.defaults.baseURL).toBe('/');
    expect(client.defaults.withCredentials).toBe(true);
    expect(client.defaults.timeout).toBe(API_TIMEOUT_MS);
    expect(API_TIMEOUT_MS).toBe(10_000);
  });

  test('sends the csrftoken cookie as X-CSRFToken on unsafe calls only', async () => {
    const { client, calls } = setup(
      { 'POST /api/x/': [200], 'GET /api/x/': [200] },
      'a=1; csrftoken=cookie-token',
    );
    await client.post('/api/x/', { a: 1 });
    await client.get('/api/x/');
    expect(calls[0]?.headers[CSRF_HEADER]).toBe('cookie-token');
    expect(calls[1]?.headers[CSRF_HEADER]).toBeUndefined();
  });

  test('fetches the CSRF token once from /api/auth/csrf/ when there is no cookie', async () => {
    const { client, calls, count } = setup({
      'GET /api/auth/csrf/': [200, { csrfToken: 'fetched' }],
      'POST /api/x/': [200],
      'DELETE /api/x/': [204],
    });
    await Promise.all([client.post('/api/x/'), client.delete('/api/x/')]);
    await client.post('/api/x/');
    expect(count('GET /api/auth/csrf/')).toBe(1);
    expect(calls.filter((c) => c.url === '/api/x/').every((c) => c.headers[CSRF_HEADER] === 'fetched')).toBe(
      true,
    );
  });

  test('skips the CSRF token for exempt calls', async () => {
    const { client, calls } = setup({ 'POST /api/auth/signup/': [201] });
    await client.post('/api/auth/signup/', {}, { skipCsrf: true });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers[CSRF_HEADER]).toBeUndefined();
  });

  test('a rejected CSRF token is fetched again and the call retried once', async () => {
    let attempts = 0;
    const { client, count } = setup({
      'GET /api/auth/csrf/': [200, { csrfToken: 'fresh' }],
      'POST /api/x/': (request) => {
        attempts += 1;
        return request.headers[CSRF_HEADER] === 'fresh' && attempts > 1
          ? [200, { ok: true }]
          : [403, { detail: 'CSRF token missing or incorrect.' }];
      },
    });
    const response = await client.post('/api/x/');
    expect(response.data).toEqual({ ok: true });
    expect(count('GET /api/auth/csrf/')).toBe(2);
  });

  test('concurrent 401s share one refresh, then each request is replayed once', async () => {
    const { state, resource } = expiringSession();
    const refresh = deferred<readonly [number, unknown]>();
    const { client, count, onAuthFailure } = setup(
      {
        'GET /api/a/': resource,
        'GET /api/b/': resource,
        'POST /api/c/': resource,
        'POST /api/auth/token/refresh/': async () => {
          const reply = await refresh.promise;
          state.isRefreshed = true;
          return reply;
        },
      },
      'csrftoken=t',
    );
    const pending = Promise.all([client.get('/api/a/'), client.get('/api/b/'), client.post('/api/c/')]);
    await vi.waitFor(() => expect(count('POST /api/auth/token/refresh/')).toBe(1));
    refresh.resolve([200, { user: {} }]);
    const responses = await pending;
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(count('POST /api/auth/token/refresh/')).toBe(1);
    expect(count('GET /api/a/')).toBe(2);
    expect(count('GET /api/b/')).toBe(2);
    expect(count('POST /api/c/')).toBe(2);
    expect(onAuthFailure).not.toHaveBeenCalled();
  });

  test('a 401 that arrives after the refresh finished is replayed without a second refresh', async () => {
    const { state, resource } = expiringSession();
    const slow = deferred<readonly [number, unknown]>();
    const { client, count } = setup(
      {
        'GET /api/fast/': resource,
        'GET /api/slow/': async () => slow.promise,
        'POST /api/auth/token/refresh/': () => {
          state.isRefreshed = true;
          return [200, {}];
        },
      },
      'csrftoken=t',
    );
    const slowCall = client.get('/api/slow/');
    await client.get('/api/fast/');
    slow.resolve([401, {}]);
    await expect(slowCall).rejects.toBeInstanceOf(AxiosError);
    // The slow call was replayed once (and failed again), but only one refresh ever ran.
    expect(count('GET /api/slow/')).toBe(2);
    expect(count('POST /api/auth/token/refresh/')).toBe(1);
  });

  test('a failed refresh fails every waiting request and reports the failure once', async () => {
    const refresh = deferred<readonly [number, unknown]>();
    const { client, count, onAuthFailure } = setup(
      {
        'GET /api/a/': [401, {}],
        'GET /api/b/': [401, {}],
        'GET /api/c/': [401, {}],
        'POST /api/auth/token/refresh/': async () => refresh.promise,
      },
      'csrftoken=t',
    );
    const results = Promise.allSettled([client.get('/api/a/'), client.get('/api/b/'), client.get('/api/c/')]);
    await vi.waitFor(() => expect(count('POST /api/auth/token/refresh/')).toBe(1));
    refresh.resolve([401, { detail: 'Token is invalid or expired.' }]);
    const settled = await results;
    expect(settled.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    for (const result of settled) {
      expect((result as PromiseRejectedResult).reason.response.status).toBe(401);
    }
    expect(count('GET /api/a/') + count('GET /api/b/') + count('GET /api/c/')).toBe(3);
    expect(count('POST /api/auth/token/refresh/')).toBe(1);
    expect(onAuthFailure).toHaveBeenCalledTimes(1);
  });

  test('the sign-in 401 is never retried', async () => {
    const { client, count } = setup({
      'POST /api/auth/token/': [401, { detail: 'No active account found with the given credentials' }],
    });
    await expect(client.post('/api/auth/token/', {}, { skipCsrf: true })).rejects.toBeInstanceOf(AxiosError);
    expect(count('POST /api/auth/token/')).toBe(1);
    expect(count('POST /api/auth/token/refresh/')).toBe(0);
  });

  test('calls marked skipAuthRefresh are not retried either', async () => {
    const { client, count } = setup({ 'POST /api/auth/logout/': [401, {}] }, 'csrftoken=t');
    await expect(client.post('/api/auth/logout/', undefined, { skipAuthRefresh: true })).rejects.toThrow();
    expect(count('POST /api/auth/token/refresh/')).toBe(0);
  });

  test('a 403 other than CSRF only logs a console warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { client, count } = setup({ 'GET /api/admin/': [403, { detail: 'Forbidden.' }] });
    await expect(client.get('/api/admin/')).rejects.toThrow();
    expect(warn).toHaveBeenCalledWith('Forbidden: GET /api/admin/');
    expect(count('POST /api/auth/token/refresh/')).toBe(0);
  });

  test('asks for the password on a 403 reauthentication_required and sends the call once more', async () => {
    const calls: RecordedRequest[] = [];
    let isProved = false;
    const onReauthRequired = vi.fn(async () => {
      isProved = true;
      return true;
    });
    const client = createApiClient({
      adapter: createMockAdapter(
        {
          'POST /api/x/': () =>
            isProved ? [201, { ok: true }] : [403, { detail: 'again', code: 'reauthentication_required' }],
        },
        calls,
      ),
      onReauthRequired,
      readCookies: () => 'csrftoken=t',
    });
    expect((await client.post('/api/x/')).status).toBe(201);
    expect(onReauthRequired).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(2);

    // Declined: the 403 stands, and the call is not sent again.
    isProved = false;
    onReauthRequired.mockResolvedValueOnce(false);
    await expect(client.post('/api/x/')).rejects.toMatchObject({ response: { status: 403 } });
    expect(calls).toHaveLength(3);
  });
});
