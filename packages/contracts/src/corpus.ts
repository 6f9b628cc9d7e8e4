import { z } from 'zod';

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
