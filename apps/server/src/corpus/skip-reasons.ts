/**
 * Why a line or a thing was not stored. Every skip the importer makes has one of these reasons, so a summary never
 * contains an unexplained skip; the texts are what `corpus ingest` prints beside the counts.
 */
export const SKIP_REASONS = {
  invalid_json: 'the line is not valid JSON',
  not_json_file: 'the file does not contain JSON (it neither starts with { nor with [)',
  more_stub: 'a Reddit API "more" stub (a placeholder for comments that were not loaded)',
  not_a_record: 'a JSON value that is neither a post nor a comment (a subreddit, an account, a number…)',
  unknown_kind: 'an object without title (post) or body + link_id (comment)',
  invalid_id: 'the id is missing or not base36',
  invalid_created_utc: 'created_utc is missing or not a number',
  invalid_link_id: 'a comment without a usable link_id',
  // An approved removal request suppressed the record or its author (docs/decisions/036-privacy-of-the-corpus.md).
  removed_on_request: 'removed on request',
} as const;

export type SkipReason = keyof typeof SKIP_REASONS;
