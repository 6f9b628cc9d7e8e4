import { z } from 'zod';
import { FILTER_FIELD_DEFS } from './filter-fields.ts';
import { asciiLower } from './filter-rules.ts';

/** The name fields the order builder suggests values for, from what the corpus holds. */
export const SUGGEST_FIELDS = ['subreddit', 'author', 'domain'] as const;
export type SuggestField = (typeof SUGGEST_FIELDS)[number];
export const SUGGEST_LIMIT = 20;

/** GET /api/corpus/suggest/?field=subreddit&q=sci */
export const SuggestQuerySchema = z.object({
  field: z.enum(SUGGEST_FIELDS, 'Choose subreddit, author or domain.'),
  /** the start of a name, any case; a leading r/ or u/ is ignored */
  q: z.string().max(100, 'Ensure this field has no more than 100 characters.').default(''),
});
export type SuggestQuery = z.infer<typeof SuggestQuerySchema>;

/** Up to SUGGEST_LIMIT names starting with q, the most records first, with how many records each has. */
export const SuggestResponseSchema = z.object({
  field: z.enum(SUGGEST_FIELDS),
  suggestions: z.array(z.object({ name: z.string(), records: z.number().int() })),
});
export type SuggestResponse = z.infer<typeof SuggestResponseSchema>;

/** The key a typed name start is looked up by: trimmed, a leading r/ or u/ (or /r/, /u/) dropped, A–Z lowered. */
export function suggestKey(field: SuggestField, q: string): string {
  const { prefix } = FILTER_FIELD_DEFS[field];
  let text = asciiLower(q.trim());
  if (prefix && text.startsWith(`/${prefix}`)) text = text.slice(prefix.length + 1);
  else if (prefix && text.startsWith(prefix)) text = text.slice(prefix.length);
  return text;
}
