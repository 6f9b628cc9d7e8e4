import { classifyError, firstFieldMessage, getDetail } from '../../../lib/api-error.ts';
import { ACCOUNT_UI_MESSAGES } from '../messages.ts';

/** The messages of each field a 400 names (`{field: [messages]}`, the server's FieldErrors). */
export function fieldErrorsOf<K extends string>(
  error: unknown,
  fields: readonly K[],
): Partial<Record<K, string[]>> {
  const failure = classifyError(error);
  if (failure.kind !== 'response' || failure.status !== 400) return {};
  const found: Partial<Record<K, string[]>> = {};
  for (const field of fields) {
    const message = firstFieldMessage(failure.data, field);
    if (message) found[field] = [message];
  }
  return found;
}

/** One line for a failed call: the server's detail, the no-response text, or the given fallback. */
export function failureMessage(error: unknown, fallback: string = ACCOUNT_UI_MESSAGES.saveFailed): string {
  const failure = classifyError(error);
  if (failure.kind === 'no-response') return ACCOUNT_UI_MESSAGES.noResponse;
  return (failure.kind === 'response' ? getDetail(failure.data) : undefined) ?? fallback;
}
