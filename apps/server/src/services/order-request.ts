import {
  countFilterRules,
  describeFilterTree,
  ORDER_MESSAGES,
  type CreateOrderRequest,
  type FilterTree,
  type FormatType,
  type SearchType,
} from '@threadcart/contracts';
import { FieldErrors } from '../errors.ts';
import { parseSearchFilters } from './corpus-search.service.ts';

export interface ValidOrderRequest {
  readonly title: string;
  readonly searchType: SearchType;
  readonly formatType: FormatType;
  readonly resultCount: number;
  readonly filters: FilterTree;
  readonly queryString: string;
}

/**
 * The checks zod cannot make on an order payload: an empty tree (spec §5 message), every rule of the tree (named
 * in the message), RE2 patterns; and the title fallback "Search YYYY-MM-DD HH:mm" (UTC on the server; the web
 * form sends the user's local time).
 */
export function validateOrderRequest(body: CreateOrderRequest, now: Date): ValidOrderRequest {
  if (isEmptyTree(body.filters)) throw new FieldErrors({ filters: [ORDER_MESSAGES.addFilter] });
  const filters = parseSearchFilters(body.filters);
  if (countFilterRules(filters) === 0) throw new FieldErrors({ filters: [ORDER_MESSAGES.addFilter] });
  const title = body.title?.trim() || `Search ${now.toISOString().slice(0, 16).replace('T', ' ')}`;
  return {
    title,
    searchType: body.search_type,
    formatType: body.format_type,
    resultCount: body.result_count,
    filters,
    queryString: describeFilterTree(filters),
  };
}

function isEmptyTree(filters: unknown): boolean {
  if (filters === undefined || filters === null) return true;
  if (typeof filters !== 'object') return false;
  const group = filters as { rules?: unknown; items?: unknown };
  const children = group.rules ?? group.items;
  return Array.isArray(children) && children.length === 0;
}
