import { SUGGEST_LIMIT, suggestKey, type SuggestQuery, type SuggestResponse } from '@threadcart/contracts';
import { findNamesByPrefix } from '../../../db/repositories/corpus/search/corpus-names.repository.ts';
import type { Deps } from '../../../deps.ts';

/**
 * The order builder's suggestions for a name field: up to SUGGEST_LIMIT subreddits, authors or domains starting
 * with what was typed, the most records first, from the name counts ingest keeps (an index range, not the corpus).
 */
export async function suggestNames(deps: Deps, query: SuggestQuery): Promise<SuggestResponse> {
  const suggestions = await findNamesByPrefix(
    deps.db,
    query.field,
    suggestKey(query.field, query.q),
    SUGGEST_LIMIT,
  );
  return { field: query.field, suggestions };
}
