import { AxiosError } from 'axios';
import { classifyError, firstFieldMessage, getDetail } from '../../../lib/api-error.ts';
import { ORDERS_UI_MESSAGES } from '../messages.ts';

/** The first message of a `{field: [messages]}` body, whichever field it is. */
export function firstErrorMessage(data: unknown): string | undefined {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return undefined;
  for (const value of Object.values(data)) {
    if (Array.isArray(value) && value.length > 0) return String(value[0]);
    if (typeof value === 'string' && value !== '') return value;
  }
  return undefined;
}

/**
 * What the order form shows for a failed submit (docs/product.md §2.9): the server's detail or field message, else
 * the fallback.
 */
export function describeSubmitError(error: unknown): string {
  const failure = classifyError(error);
  if (failure.kind === 'response') {
    return getDetail(failure.data) ?? firstErrorMessage(failure.data) ?? ORDERS_UI_MESSAGES.submitFailed;
  }
  // A thrown error of our own carries its message; a network failure has only axios's technical one.
  if (failure.kind === 'other' && !(error instanceof AxiosError) && failure.message) return failure.message;
  return ORDERS_UI_MESSAGES.submitFailed;
}

/** The order options whose 400 messages the form shows under their own control. */
export const OPTION_FIELDS = [
  'sort',
  'sample_seed',
  'columns',
  'schedule',
  'exclude_purchased',
  'include_context',
  'include_comments',
  'authors',
  'pseudonyms',
  'scrub',
  'result_count',
  'size',
  'compression',
] as const;
export type OptionField = (typeof OPTION_FIELDS)[number];
export type OptionFieldErrors = Partial<Record<OptionField, string[]>>;

/** The server's messages for the order options in a 400 `{field: [messages]}` body; empty for anything else. */
export function optionFieldErrors(error: unknown): OptionFieldErrors {
  const failure = classifyError(error);
  if (failure.kind !== 'response' || failure.status !== 400) return {};
  const errors: OptionFieldErrors = {};
  for (const field of OPTION_FIELDS) {
    const message = firstFieldMessage(failure.data, field);
    if (message) errors[field] = [message];
  }
  return errors;
}
