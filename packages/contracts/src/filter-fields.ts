/**
 * Every filter field, declared once (docs/decisions/017-filter-fields.md): its label, the record types it applies to,
 * its value kind and, for the kinds that read a column, the column. The validator, the builder's field list and
 * editors, the server's preparation and SQL, and the reference evaluator are all driven by the value kind, so a new
 * field of an existing kind is its declaration here, its column (migration and ingest) and its tests.
 */
export type RecordType = 'posts' | 'comments';
const BOTH = ['posts', 'comments'] as const satisfies readonly RecordType[];

export const POST_KINDS = ['self', 'link', 'image', 'video', 'gallery'] as const;
export type PostKind = (typeof POST_KINDS)[number];

/** The value kinds; each has its operators, its value form and one meaning on every record type it applies to. */
export type ValueKind = 'keyword' | 'regex' | 'number' | 'date' | 'flag' | 'names' | 'choices' | 'text';

interface FieldBase {
  readonly label: string;
  readonly appliesTo: readonly RecordType[];
  /** one sentence for the API documentation and the builder's help */
  readonly description: string;
}
type FieldDef =
  | (FieldBase & { readonly kind: 'keyword' | 'regex' })
  | (FieldBase & {
      readonly kind: 'number';
      readonly column: Partial<Record<RecordType, 'score' | 'num_comments' | 'replies'>>;
    })
  | (FieldBase & { readonly kind: 'date'; readonly column: 'created_utc' })
  | (FieldBase & { readonly kind: 'flag'; readonly column: 'over_18' | 'removed' })
  | (FieldBase & {
      readonly kind: 'names';
      readonly column: 'subreddit' | 'author' | 'domain';
      /** what a person may type before a name ("r/science"); ignored */
      readonly prefix: string;
    })
  | (FieldBase & {
      readonly kind: 'choices';
      readonly column: 'post_kind';
      readonly choices: readonly string[];
    })
  | (FieldBase & { readonly kind: 'text'; readonly column: 'flair' });

export const FILTER_FIELD_DEFS = {
  keyword: {
    kind: 'keyword',
    label: 'Keyword',
    appliesTo: BOTH,
    description:
      'Whole words in the title and text of a post or the body of a comment; "quoted" phrases, term* prefixes.',
  },
  regex: {
    kind: 'regex',
    label: 'Regular Expression',
    appliesTo: BOTH,
    description: 'An RE2 pattern, case-insensitive, matched against the same text as keyword.',
  },
  upvotes: {
    kind: 'number',
    label: 'Post Upvotes',
    appliesTo: ['posts'],
    column: { posts: 'score' },
    description: "A post's score.",
  },
  comments: {
    kind: 'number',
    label: 'Post Comments Count',
    appliesTo: ['posts'],
    column: { posts: 'num_comments' },
    description: "A post's comment count.",
  },
  replies: {
    kind: 'number',
    label: 'Comment Replies Count',
    appliesTo: ['comments'],
    column: { comments: 'replies' },
    description: 'Direct replies to a comment in the corpus.',
  },
  comment_upvotes: {
    kind: 'number',
    label: 'Comment Upvotes',
    appliesTo: ['comments'],
    column: { comments: 'score' },
    description: "A comment's score.",
  },
  subreddit: {
    kind: 'names',
    label: 'Subreddit',
    appliesTo: BOTH,
    column: 'subreddit',
    prefix: 'r/',
    description: 'Communities, case-insensitive; a leading r/ is ignored.',
  },
  author: {
    kind: 'names',
    label: 'Author',
    appliesTo: BOTH,
    column: 'author',
    prefix: 'u/',
    description: 'Usernames, case-insensitive; a leading u/ is ignored.',
  },
  created: {
    kind: 'date',
    label: 'Created',
    appliesTo: BOTH,
    column: 'created_utc',
    description: 'UTC dates YYYY-MM-DD (whole days, inclusive) or ISO-8601 date-times.',
  },
  nsfw: {
    kind: 'flag',
    label: 'NSFW',
    appliesTo: BOTH,
    column: 'over_18',
    description: "Marked over 18; a comment has its post's flag.",
  },
  removed: {
    kind: 'flag',
    label: 'Removed or Deleted',
    appliesTo: BOTH,
    column: 'removed',
    description:
      'The text is gone: deleted by its author or removed by a moderator. Without a rule on it such records never match.',
  },
  post_kind: {
    kind: 'choices',
    label: 'Post Kind',
    appliesTo: ['posts'],
    column: 'post_kind',
    choices: POST_KINDS,
    description: 'self (text), link, image, video or gallery.',
  },
  domain: {
    kind: 'names',
    label: 'Link Domain',
    appliesTo: ['posts'],
    column: 'domain',
    prefix: '',
    description: 'The domain a post links to (self.<subreddit> for text posts), case-insensitive.',
  },
  flair: {
    kind: 'text',
    label: 'Post Flair',
    appliesTo: ['posts'],
    column: 'flair',
    description: "Text in a post's link flair, case-insensitive.",
  },
} as const satisfies Record<string, FieldDef>;

export type FilterField = keyof typeof FILTER_FIELD_DEFS;
export const FILTER_FIELDS = Object.keys(FILTER_FIELD_DEFS) as FilterField[];
type Defs = typeof FILTER_FIELD_DEFS;
/** The fields of one value kind. */
export type FieldOfKind<K extends ValueKind> = {
  [F in FilterField]: Defs[F]['kind'] extends K ? F : never;
}[FilterField];
export type NumericField = FieldOfKind<'number'>;
export type DateField = FieldOfKind<'date'>;
export type FlagField = FieldOfKind<'flag'>;
export type NamesField = FieldOfKind<'names'>;
export type ChoicesField = FieldOfKind<'choices'>;
export type TextField = FieldOfKind<'text'>;
export const NUMERIC_FIELDS = FILTER_FIELDS.filter(
  (f) => FILTER_FIELD_DEFS[f].kind === 'number',
) as NumericField[];

export const isFilterField = (name: string): name is FilterField => Object.hasOwn(FILTER_FIELD_DEFS, name);
export const kindOf = (field: FilterField): ValueKind => FILTER_FIELD_DEFS[field].kind;
export const appliesTo = (field: FilterField, type: RecordType): boolean =>
  (FILTER_FIELD_DEFS[field].appliesTo as readonly RecordType[]).includes(type);

export const FIELD_LABELS = Object.fromEntries(
  FILTER_FIELDS.map((f) => [f, FILTER_FIELD_DEFS[f].label]),
) as Record<FilterField, string>;

export interface OperatorOption {
  readonly name: string;
  readonly label: string;
}
/**
 * The operators of each kind, canonical names (the parser also takes the legacy `=`, `equals`, `greater than`:
 * docs/product.md §7.3).
 */
export const KIND_OPERATORS: Record<ValueKind, readonly OperatorOption[]> = {
  keyword: [
    { name: 'keyword_contains', label: 'contains' },
    { name: '=', label: '=' },
    { name: 'does_not_contain', label: 'does not contain' },
  ],
  regex: [
    { name: 'regex_matches', label: 'matches' },
    { name: 'regex_not_matches', label: 'does not match' },
  ],
  number: [
    { name: 'between', label: 'between' },
    { name: '>', label: '>' },
    { name: '>=', label: '>=' },
    { name: '<', label: '<' },
    { name: '<=', label: '<=' },
    { name: '=', label: '=' },
  ],
  date: [
    { name: 'between', label: 'between' },
    { name: '>=', label: 'on or after' },
    { name: '<=', label: 'on or before' },
  ],
  flag: [{ name: '=', label: 'is' }],
  names: [
    { name: 'in', label: 'is one of' },
    { name: 'not_in', label: 'is none of' },
  ],
  choices: [
    { name: 'in', label: 'is one of' },
    { name: 'not_in', label: 'is none of' },
  ],
  text: [
    { name: 'contains', label: 'contains' },
    { name: 'does_not_contain', label: 'does not contain' },
  ],
};
export const FIELD_OPERATORS = Object.fromEntries(
  FILTER_FIELDS.map((f) => [f, KIND_OPERATORS[kindOf(f)]]),
) as Record<FilterField, readonly OperatorOption[]>;

/** Limits of a tree and of its values; a value past one is refused with a message naming the rule. */
export const FILTER_LIMITS = {
  maxDepth: 5,
  maxRules: 50,
  /** Each regex rule may be a scan the index cannot narrow: a tree holds at most this many. */
  maxRegexRules: 10,
  regexMaxLength: 256,
  keywordMaxLength: 500,
  /** names in one subreddit / author / domain list */
  maxNames: 500,
  nameMaxLength: 100,
  textMaxLength: 200,
} as const;
