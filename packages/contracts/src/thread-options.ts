import { ORDER_MESSAGES, type FormatType, type SearchType } from './orders.ts';

/** The formats that nest top comments under their post (the tabular ones have no place for a list). */
export const NESTING_FORMATS: readonly FormatType[] = ['json', 'ndjson'];

/** Which thread options an order of this kind can take: what the builder shows, what the server accepts. */
export function threadOptionsFor(searchType: SearchType, formatType: FormatType) {
  return {
    includeContext: searchType !== 'posts',
    includeComments: searchType !== 'comments' && NESTING_FORMATS.includes(formatType),
  };
}

export type ThreadOptionErrors = Partial<Record<'include_context' | 'include_comments', string[]>>;

/**
 * The checks the schema cannot make alone (docs/decisions/029): thread context needs comments; top comments need
 * posts and a format that nests them. Empty when the options fit the order.
 */
export function checkThreadOptions(order: {
  search_type: SearchType;
  format_type: FormatType;
  include_context?: boolean;
  include_comments?: number;
}): ThreadOptionErrors {
  const errors: ThreadOptionErrors = {};
  if (order.include_context && order.search_type === 'posts')
    errors.include_context = [ORDER_MESSAGES.includeContextWithoutComments];
  if ((order.include_comments ?? 0) > 0) {
    if (order.search_type === 'comments')
      errors.include_comments = [ORDER_MESSAGES.includeCommentsWithoutPosts];
    else if (!NESTING_FORMATS.includes(order.format_type))
      errors.include_comments = [ORDER_MESSAGES.includeCommentsFormat];
  }
  return errors;
}
