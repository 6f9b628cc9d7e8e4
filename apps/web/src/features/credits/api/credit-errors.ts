import { classifyError, getDetail } from '../../../lib/api-error.ts';

/** The server's detail for a failed call, else the screen's fallback text. */
export function failureMessage(error: unknown, fallback: string): string {
  const failure = classifyError(error);
  return (failure.kind === 'response' ? getDetail(failure.data) : undefined) ?? fallback;
}
