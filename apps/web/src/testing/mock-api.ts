import {
  AxiosError,
  AxiosHeaders,
  type AxiosAdapter,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import { apiClient } from '../lib/api-client.ts';

/** A reply: [status, body], a network failure, or a promise of either (to hold a call open). */
export type MockReply = readonly [number, unknown?] | 'network-error';
export type MockHandler = MockReply | ((request: RecordedRequest) => MockReply | Promise<MockReply>);

export interface RecordedRequest {
  method: string;
  url: string;
  data: unknown;
  headers: Record<string, unknown>;
  config: InternalAxiosRequestConfig;
}

const DEFAULT_ROUTES: Record<string, MockHandler> = {
  'GET /api/auth/csrf/': [200, { csrfToken: 'test-csrf-token' }],
  'POST /api/analytics/pageview/': [204],
  'GET /api/users/me/': [401, { detail: 'Authentication credentials were not provided.' }],
  'POST /api/auth/token/refresh/': [401, { detail: 'Token is invalid or expired.', code: 'token_not_valid' }],
  // The dashboard's scheduled orders: none unless a test says otherwise.
  'GET /api/schedules/': [200, { schedules: [] }],
};

function parseBody(data: unknown): unknown {
  if (typeof data !== 'string') return data;
  try {
    return JSON.parse(data);
  } catch {
    return data;
  }
}

/** Builds what a real adapter would return or throw for a reply. */
export function settle(config: InternalAxiosRequestConfig, reply: MockReply): AxiosResponse {
  if (reply === 'network-error') {
    throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {});
  }
  const [status, data = ''] = reply;
  const response: AxiosResponse = {
    data,
    status,
    statusText: String(status),
    headers: new AxiosHeaders(),
    config,
    request: {},
  };
  if (config.validateStatus?.(status) ?? (status >= 200 && status < 300)) return response;
  const code = status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST;
  throw new AxiosError(`Request failed with status code ${status}`, code, config, {}, response);
}

/** An adapter answering "METHOD /path/" keys (query ignored); unknown routes get a 404. */
export function createMockAdapter(
  routes: Record<string, MockHandler>,
  calls: RecordedRequest[],
): AxiosAdapter {
  return async (config) => {
    const method = (config.method ?? 'get').toUpperCase();
    const url = (config.url ?? '').split('?')[0] ?? '';
    const request: RecordedRequest = {
      method,
      url,
      data: parseBody(config.data),
      headers: config.headers.toJSON() as Record<string, unknown>,
      config,
    };
    calls.push(request);
    const handler = routes[`${method} ${url}`] ?? [404, { detail: 'Not found.', code: 'not_found' }];
    const reply = typeof handler === 'function' ? await handler(request) : handler;
    return settle(config, reply);
  };
}

/** Points the app's API client at in-memory routes for one test; returns the recorded calls. */
export function mockApi(routes: Record<string, MockHandler> = {}) {
  const calls: RecordedRequest[] = [];
  apiClient.defaults.adapter = createMockAdapter({ ...DEFAULT_ROUTES, ...routes }, calls);
  return {
    calls,
    callsTo: (key: string) => calls.filter((call) => `${call.method} ${call.url}` === key),
  };
}

/** A promise with its resolve function, to hold a mocked call open. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
