import { z } from 'zod';

/**
 * Privacy of the people in the corpus (docs/decisions/036-privacy-of-the-corpus.md): removal requests and the order
 * options that pseudonymise authors and scrub texts.
 */

/** How an order file names the authors: as stored, as keyed-hash pseudonyms `user_<12 hex>`, or not at all. */
export const AUTHOR_MODES = ['as_is', 'pseudonymised', 'omitted'] as const;
export type AuthorMode = (typeof AUTHOR_MODES)[number];
/** Whose secret the pseudonyms are made with: a new one per order, or the buyer's own (the same across orders). */
export const PSEUDONYM_SCOPES = ['per_order', 'per_account'] as const;
export type PseudonymScope = (typeof PSEUDONYM_SCOPES)[number];
/** What an order may scrub from every text column, and the token each becomes. */
export const SCRUB_KINDS = ['emails', 'phones', 'urls', 'mentions'] as const;
export type ScrubKind = (typeof SCRUB_KINDS)[number];
export const SCRUB_TOKENS = {
  emails: '[email]',
  phones: '[phone]',
  urls: '[url]',
  mentions: '[user]',
} as const satisfies Record<ScrubKind, string>;
/** The manifest's count of replacements, by token name. */
export const ScrubCountsSchema = z.object({
  email: z.number().int(),
  phone: z.number().int(),
  url: z.number().int(),
  user: z.number().int(),
});
export type ScrubCounts = z.infer<typeof ScrubCountsSchema>;
/** The deleted-account placeholder Reddit writes for an author: kept as it is in every mode. */
export const DELETED_AUTHOR = '[deleted]';

/** The order builder's help texts (and the API documentation's). */
export const PRIVACY_HELP = {
  authors:
    'As is: authors as Reddit shows them. Pseudonymised: each author becomes user_ and 12 hex digits, the same ' +
    'person the same pseudonym throughout the file (author, thread context and u/name mentions), so threads stay ' +
    'analysable without names. Omitted: the author column is left empty (u/name mentions stay unless scrubbed). ' +
    '[deleted] stays as it is.',
  pseudonyms:
    'Per order: a new secret for every order, so two orders cannot be linked. Per account: your own secret, so the ' +
    'same person has the same pseudonym in all your orders.',
  scrub:
    'Replace e-mail addresses with [email], phone numbers with [phone], links with [url] and u/name mentions with ' +
    '[user] in every text of the file; the manifest counts the replacements.',
} as const;

export const REMOVAL_USERNAMES_MAX = 10;
export const REMOVAL_IDS_MAX = 100;
export const REMOVAL_STATEMENT_MAX = 2000;
export const REMOVAL_REASON_MAX = 1000;
export const REMOVAL_REQUEST_STATUSES = ['unconfirmed', 'pending', 'approved', 'rejected'] as const;
export type RemovalRequestStatus = (typeof REMOVAL_REQUEST_STATUSES)[number];

export const REMOVAL_MESSAGES = {
  targetsRequired: 'Name a Reddit username, or list the permalinks or ids of the records.',
  bothTargets: 'Ask for a username or for records, not both in one request.',
  tooManyUsernames: `Ensure there are no more than ${REMOVAL_USERNAMES_MAX} usernames.`,
  tooManyIds: `Ensure there are no more than ${REMOVAL_IDS_MAX} permalinks or ids.`,
  badUsername: (value: string) => `"${value}" is not a Reddit username.`,
  badId: (value: string) => `"${value}" is neither a Reddit permalink nor a post or comment id.`,
  statementRequired: 'Please tell us why you ask for the removal.',
  statementTooLong: `Ensure the statement has no more than ${REMOVAL_STATEMENT_MAX} characters.`,
  emailInvalid: 'Enter a valid email address.',
  received:
    'Thank you. We have sent a confirmation link to your e-mail address; your request reaches us once you open it.',
  confirmed:
    'Your e-mail address is confirmed. We will review your request and write to you with the outcome.',
  tokenInvalid: 'This confirmation link is invalid or has expired.',
  throttled: (seconds: number) => `Too many removal requests; try again in ${seconds} seconds.`,
  notPending: 'Only a confirmed request that waits for a decision can be approved or rejected.',
  reasonRequired: 'A reason is required.',
} as const;

const USERNAME = /^[A-Za-z0-9_-]{1,40}$/;
const BASE36_ID = /^[a-z0-9]{1,13}$/;
const PERMALINK = /\/comments\/([a-z0-9]{1,13})(?:\/[^/?#]*\/([a-z0-9]{1,13}))?/i;
const SHORT_LINK = /^(?:https?:\/\/)?redd\.it\/([a-z0-9]{1,13})\/?$/i;

/** A username as a person may write it (`u/name`, `/user/name`, a profile link), reduced to the name; undefined if none. */
export function parseRemovalUsername(input: string): string | undefined {
  const name = input
    .trim()
    .replace(/^(?:https?:\/\/)?(?:[a-z]+\.)?reddit\.com/i, '')
    .replace(/^\/?(?:u|user)\//i, '')
    .replace(/\/+$/, '');
  return USERNAME.test(name) ? name : undefined;
}

/**
 * A record reference as a person may write it, canonical: `t3_<id>` (a post), `t1_<id>` (a comment), or a bare
 * `<id>` (either kind with that id). Permalinks of a post or of a comment and redd.it links are read; undefined when
 * the text names no record.
 */
export function parseRemovalId(input: string): string | undefined {
  const value = input.trim();
  const lower = value.toLowerCase();
  if (/^t[13]_[a-z0-9]{1,13}$/.test(lower)) return lower;
  if (BASE36_ID.test(lower)) return lower;
  const short = SHORT_LINK.exec(value);
  if (short) return `t3_${short[1]!.toLowerCase()}`;
  const link = PERMALINK.exec(value);
  if (!link) return undefined;
  return link[2] ? `t1_${link[2].toLowerCase()}` : `t3_${link[1]!.toLowerCase()}`;
}

/** `POST /api/removal-requests/`: a username (or a few) or up to 100 records, an e-mail address and a statement. */
export const RemovalRequestCreateSchema = z.object({
  usernames: z
    .array(z.string().max(200))
    .max(REMOVAL_USERNAMES_MAX, REMOVAL_MESSAGES.tooManyUsernames)
    .optional(),
  ids: z.array(z.string().max(500)).max(REMOVAL_IDS_MAX, REMOVAL_MESSAGES.tooManyIds).optional(),
  email: z.string().max(320),
  statement: z.string().max(REMOVAL_STATEMENT_MAX, REMOVAL_MESSAGES.statementTooLong),
});
export type RemovalRequestCreate = z.infer<typeof RemovalRequestCreateSchema>;

export const RemovalRequestConfirmSchema = z.object({ token: z.string().min(1).max(200) });
export const RemovalDetailSchema = z.object({ detail: z.string() });

/** A removal request as the operator console lists it. */
export const AdminRemovalRequestSchema = z.object({
  id: z.string(),
  kind: z.enum(['usernames', 'ids']),
  /** the names or ids asked for; empty once the request is decided (nothing readable is kept) */
  targets: z.array(z.string()),
  target_count: z.number().int(),
  email: z.string(),
  statement: z.string(),
  status: z.enum(REMOVAL_REQUEST_STATUSES),
  created_at: z.string(),
  confirmed_at: z.string().nullable(),
  decided_at: z.string().nullable(),
  decided_by: z.string().nullable(),
  reason: z.string().nullable(),
  /** posts and comments erased by the approval */
  records_erased: z.number().int().nullable(),
});
export type AdminRemovalRequest = z.infer<typeof AdminRemovalRequestSchema>;

export const AdminRemovalRequestsQuerySchema = z.object({
  status: z.enum(['pending', 'approved', 'rejected']).default('pending'),
});
export const AdminRemovalRequestsSchema = z.object({ items: z.array(AdminRemovalRequestSchema) });
export const AdminRemovalDecisionSchema = z.object({
  reason: z.string().trim().max(REMOVAL_REASON_MAX).optional(),
});
export const AdminRemovalRejectSchema = z.object({
  reason: z.string().trim().min(1, REMOVAL_MESSAGES.reasonRequired).max(REMOVAL_REASON_MAX),
});
