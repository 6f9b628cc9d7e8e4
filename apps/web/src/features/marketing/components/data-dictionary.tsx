import { Container } from '../../../components/ui/container.tsx';

interface ColumnEntry {
  column: string;
  meaning: string;
  source: string;
}

/** Every column an order file may carry, with the dump field it comes from (docs/product.md §1.3). */
const POST_COLUMNS: ColumnEntry[] = [
  {
    column: 'id',
    meaning: 'The post id, base36, lower-case, without t3_',
    source: 'id (or name without t3_)',
  },
  { column: 'author', meaning: 'The author; [deleted] when missing', source: 'author' },
  { column: 'title', meaning: 'The title, &amp; &lt; &gt; unescaped once', source: 'title' },
  { column: 'selftext', meaning: 'The text of a text post; empty for a link', source: 'selftext' },
  { column: 'score', meaning: 'Upvotes minus downvotes at retrieval', source: 'score, else ups, else 0' },
  { column: 'num_comments', meaning: 'Comment count at retrieval', source: 'num_comments' },
  {
    column: 'created_utc',
    meaning: 'Creation time, whole epoch seconds (a date cell in XLSX)',
    source: 'created_utc',
  },
  {
    column: 'subreddit',
    meaning: 'The community, without r/',
    source: 'subreddit, else subreddit_name_prefixed or permalink',
  },
  {
    column: 'permalink',
    meaning: 'The path on reddit.com',
    source: 'permalink (a full URL cut to its path; built when missing)',
  },
  {
    column: 'url',
    meaning: 'The link, or the post itself for a text post',
    source: 'url, else https://www.reddit.com + permalink',
  },
  { column: 'nsfw', meaning: 'Marked over 18', source: 'over_18' },
  {
    column: 'removed',
    meaning: 'Removed by a moderator, an administrator or a filter, or deleted by the author',
    source: 'removed_by_category, selftext [removed] / [deleted]',
  },
  {
    column: 'post_kind',
    meaning: 'self, link, image, video or gallery',
    source: 'derived: is_self, is_gallery, is_video, post_hint, url host',
  },
  {
    column: 'domain',
    meaning: 'The link host; self.<subreddit> for a text post',
    source: 'domain, else derived',
  },
  { column: 'flair', meaning: 'The link flair text; empty when none', source: 'link_flair_text' },
  {
    column: 'retrieved_at',
    meaning: 'When the archive fetched the record',
    source: 'latest of retrieved_on, retrieved_utc, updated_on, updated_utc, _meta.retrieved_2nd_on',
  },
];

const COMMENT_COLUMNS: ColumnEntry[] = [
  {
    column: 'id',
    meaning: 'The comment id, base36, lower-case, without t1_',
    source: 'id (or name without t1_)',
  },
  { column: 'author', meaning: 'The author; [deleted] when missing', source: 'author' },
  { column: 'body', meaning: 'The text, &amp; &lt; &gt; unescaped once', source: 'body' },
  { column: 'score', meaning: 'Upvotes minus downvotes at retrieval', source: 'score, else ups, else 0' },
  {
    column: 'created_utc',
    meaning: 'Creation time, whole epoch seconds (a date cell in XLSX)',
    source: 'created_utc',
  },
  {
    column: 'parent_id',
    meaning: 'The parent: t1_<id> for a comment, t3_<id> for the post',
    source: 'parent_id (numeric becomes t1_<base36>; missing becomes link_id)',
  },
  { column: 'link_id', meaning: 'The post: t3_<id>', source: 'link_id' },
  { column: 'subreddit', meaning: 'The community, without r/', source: 'subreddit' },
  {
    column: 'replies',
    meaning: 'Direct replies stored in the corpus',
    source: 'counted at ingest from other comments’ parent_id',
  },
  { column: 'permalink', meaning: 'The path on reddit.com', source: 'permalink (built when missing)' },
  { column: 'nsfw', meaning: 'Its post is marked over 18', source: 'the post’s over_18' },
  { column: 'removed', meaning: 'Removed or deleted', source: 'body [removed] / [deleted], removal fields' },
  { column: 'retrieved_at', meaning: 'When the archive fetched the record', source: 'as for posts' },
];

function ColumnTable({ caption, entries }: { caption: string; entries: ColumnEntry[] }) {
  return (
    // Focusable so that a keyboard can scroll it on a phone (axe: scrollable-region-focusable).
    <div
      tabIndex={0}
      role="region"
      aria-label={`${caption} columns`}
      className="overflow-x-auto rounded-lg border border-gray-200 bg-surface"
    >
      <table className="w-full min-w-[36rem] text-left text-sm">
        <caption className="px-4 py-3 text-left text-lg font-semibold text-text-primary">{caption}</caption>
        <thead className="bg-gray-50 text-text-secondary">
          <tr>
            <th scope="col" className="px-4 py-2 font-medium">
              Column
            </th>
            <th scope="col" className="px-4 py-2 font-medium">
              Meaning
            </th>
            <th scope="col" className="px-4 py-2 font-medium">
              Source field in the dumps
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.column} className="border-t border-gray-200 align-top">
              <th scope="row" className="px-4 py-2 font-mono text-xs font-semibold text-text-primary">
                {entry.column}
              </th>
              <td className="px-4 py-2 text-text-primary">{entry.meaning}</td>
              <td className="px-4 py-2 font-mono text-xs text-text-secondary">{entry.source}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The data dictionary: every column of every format (issue 33). */
export function DataDictionaryContent() {
  return (
    <Container className="max-w-5xl space-y-6 py-12">
      <h1 className="text-3xl font-bold text-text-primary sm:text-4xl">Data dictionary</h1>
      <p className="text-text-secondary">
        Every format carries the same columns. JSON and NDJSON keep types (numbers, booleans); CSV is text
        with a header row; XLSX has a Posts and a Comments sheet with created_utc as a date cell; Parquet has
        typed columns. For an order of posts and comments, CSV adds a <code>type</code> column (post or
        comment). With thread context, CSV, XLSX and Parquet add <code>post_title</code> and{' '}
        <code>parent_body</code>; JSON and NDJSON nest the thread. Records of the generated sample corpus are
        labelled as sample data in each file.
      </p>
      <ColumnTable caption="Posts" entries={POST_COLUMNS} />
      <ColumnTable caption="Comments" entries={COMMENT_COLUMNS} />
    </Container>
  );
}
