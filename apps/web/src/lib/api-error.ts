import { AxiosError } from 'axios';

/** Where a failed call stands: the server answered, nothing came back, or it failed before being sent. */
export type ApiFailure =
  | { kind: 'response'; status: number; data: unknown; message: string }
  | { kind: 'no-response'; message: string }
  | { kind: 'other'; message: string };

/** Classifies any thrown value from the API client. */
export function classifyError(error: unknown): ApiFailure {
  if (error instanceof AxiosError) {
    if (error.response) {
      return {
        kind: 'response',
        status: error.response.status,
        data: error.response.data,
        message: error.message,
      };
    }
    if (error.request || error.code === AxiosError.ECONNABORTED || error.code === AxiosError.ERR_NETWORK) {
      return { kind: 'no-response', message: error.message };
    }
    return { kind: 'other', message: error.message };
  }
  return { kind: 'other', message: error instanceof Error ? error.message : String(error) };
}

export function hasStatus(error: unknown, status: number): boolean {
  return error instanceof AxiosError && error.response?.status === status;
}

/** The `detail` string of an error body, if there is one. */
export function getDetail(data: unknown): string | undefined {
  if (data && typeof data === 'object' && 'detail' in data && typeof data.detail === 'string')
    return data.detail;
  return undefined;
}

/** The `code` string of an error body (`{detail, code}`), if there is one. */
export function getCode(data: unknown): string | undefined {
  if (data && typeof data === 'object' && 'code' in data && typeof data.code === 'string') return data.code;
  return undefined;
}

/** The first message of a field in a `{field: [messages]}` body (a lone string counts too). */
export function firstFieldMessage(data: unknown, field: string): string | undefined {
  if (!data || typeof data !== 'object' || !(field in data)) return undefined;
  const value = (data as Record<string, unknown>)[field];
  if (Array.isArray(value)) return value.length > 0 ? String(value[0]) : undefined;
  if (typeof value === 'string' && value !== '') return value;
  return undefined;
}
