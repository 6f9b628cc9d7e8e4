import {
  parseRemovalId,
  parseRemovalUsername,
  REMOVAL_MESSAGES,
  validateEmail,
  type AdminRemovalRequest,
  type RemovalRequestCreate,
} from '@threadcart/contracts';
import { withTransaction } from '../../db/database.ts';
import {
  countRemovalRequestsByEmail,
  deleteExpiredRemovalRequests,
  findConfirmableRemovalRequest,
  insertRemovalRequest,
  listRemovalRequests,
  markRemovalRequestConfirmed,
} from '../../db/repositories/privacy/removal-requests.repository.ts';
import type { RemovalRequestRow } from '../../db/tables/privacy.tables.ts';
import type { Deps } from '../../deps.ts';
import { AppError, badRequest, FieldErrors } from '../../errors.ts';
import { newId } from '../../lib/ids.ts';
import { randomToken, sha256Hex } from '../../lib/secret-tokens.ts';
import { getMailer } from '../operations/mail.service.ts';

/** How long the confirmation link of a removal request stays valid. */
export const REMOVAL_CONFIRM_TTL_MS = 7 * 24 * 60 * 60_000;
/** Requests one e-mail address may make a day (the route also limits each client address). */
const REQUESTS_PER_EMAIL_PER_DAY = 3;
const DAY_MS = 24 * 60 * 60_000;

/** The request's targets, checked and canonical: usernames as written, ids as `t3_…`, `t1_…` or a bare id. */
function parseTargets(body: RemovalRequestCreate): { kind: 'usernames' | 'ids'; targets: string[] } {
  const usernames = (body.usernames ?? []).filter((u) => u.trim() !== '');
  const ids = (body.ids ?? []).filter((i) => i.trim() !== '');
  if (usernames.length > 0 && ids.length > 0) throw new FieldErrors({ ids: [REMOVAL_MESSAGES.bothTargets] });
  if (usernames.length === 0 && ids.length === 0)
    throw new FieldErrors({ usernames: [REMOVAL_MESSAGES.targetsRequired] });
  const kind = usernames.length > 0 ? 'usernames' : 'ids';
  const parse = kind === 'usernames' ? parseRemovalUsername : parseRemovalId;
  const message = kind === 'usernames' ? REMOVAL_MESSAGES.badUsername : REMOVAL_MESSAGES.badId;
  const errors: string[] = [];
  const targets = new Set<string>();
  for (const input of kind === 'usernames' ? usernames : ids) {
    const parsed = parse(input);
    if (parsed === undefined) errors.push(message(input.trim().slice(0, 100)));
    else targets.add(parsed);
  }
  if (errors.length > 0) throw new FieldErrors({ [kind]: errors });
  return { kind, targets: [...targets] };
}

/**
 * Stores a removal request from anyone (no sign-in) and mails its confirmation link through the outbox, in one
 * transaction. An address may make REQUESTS_PER_EMAIL_PER_DAY a day; the route limits each client address too.
 */
export async function createRemovalRequest(deps: Deps, body: RemovalRequestCreate): Promise<void> {
  const { kind, targets } = parseTargets(body);
  const email = body.email.trim();
  if (validateEmail(email).length > 0) throw new FieldErrors({ email: [REMOVAL_MESSAGES.emailInvalid] });
  const statement = body.statement.trim();
  if (statement === '') throw new FieldErrors({ statement: [REMOVAL_MESSAGES.statementRequired] });
  const now = deps.clock.now();
  const recent = await countRemovalRequestsByEmail(
    deps.db,
    email,
    new Date(now.getTime() - DAY_MS).toISOString(),
  );
  if (recent >= REQUESTS_PER_EMAIL_PER_DAY)
    throw new AppError(429, REMOVAL_MESSAGES.throttled(24 * 60 * 60), 'throttled');
  const token = randomToken();
  await withTransaction(deps.db, async (trx) => {
    await insertRemovalRequest(trx, {
      id: newId(now.getTime()),
      kind,
      targets: JSON.stringify(targets),
      target_count: targets.length,
      email,
      statement,
      status: 'unconfirmed',
      token_hash: sha256Hex(token),
      token_expires_at: new Date(now.getTime() + REMOVAL_CONFIRM_TTL_MS).toISOString(),
      created_at: now.toISOString(),
      confirmed_at: null,
      decided_at: null,
      decided_by: null,
      reason: null,
      records_erased: null,
    });
    const link = `${deps.config.appUrl}/removal/confirm?token=${encodeURIComponent(token)}`;
    await getMailer(deps, trx).send({
      to: email,
      subject: 'Confirm your removal request to Threadcart',
      body: [
        'Hello,',
        '',
        `Someone, we hope you, asked Threadcart to remove ${describeTargets(kind, targets.length)} from its corpus.`,
        `Open this link within 7 days to confirm the request; it reaches our operators once you do:\n${link}`,
        '',
        'If it was not you, ignore this mail: nothing happens without the confirmation.',
      ].join('\n'),
    });
  });
}

const describeTargets = (kind: 'usernames' | 'ids', count: number) =>
  kind === 'usernames'
    ? `the posts and comments of ${count === 1 ? 'a Reddit user' : `${count} Reddit users`}`
    : `${count} ${count === 1 ? 'post or comment' : 'posts and comments'}`;

/** Confirms a request through its mailed link's token: it then waits in the operators' queue. */
export async function confirmRemovalRequest(deps: Deps, token: string): Promise<void> {
  const now = deps.clock.now().toISOString();
  const request = await findConfirmableRemovalRequest(deps.db, sha256Hex(token), now);
  if (!request || !(await markRemovalRequestConfirmed(deps.db, request.id, now)))
    throw badRequest(REMOVAL_MESSAGES.tokenInvalid, 'invalid_token');
}

/**
 * Deletes the requests whose confirmation link expired unused: an unconfirmed request is never shown to an operator,
 * and the person's address and statement are not kept for a request they did not confirm (decision 036).
 */
export async function purgeExpiredRemovalRequests(deps: Deps): Promise<number> {
  return deleteExpiredRemovalRequests(deps.db, deps.clock.now().toISOString());
}

/** The operator console's queue: confirmed requests in one status. */
export async function listAdminRemovalRequests(
  deps: Deps,
  status: 'pending' | 'approved' | 'rejected',
): Promise<{ items: AdminRemovalRequest[] }> {
  return { items: (await listRemovalRequests(deps.db, status)).map(toAdminRemovalRequest) };
}

export function toAdminRemovalRequest(row: RemovalRequestRow): AdminRemovalRequest {
  return {
    id: row.id,
    kind: row.kind,
    targets: JSON.parse(row.targets) as string[],
    target_count: Number(row.target_count),
    email: row.email,
    statement: row.statement,
    status: row.status,
    created_at: row.created_at,
    confirmed_at: row.confirmed_at,
    decided_at: row.decided_at,
    decided_by: row.decided_by,
    reason: row.reason,
    records_erased: row.records_erased === null ? null : Number(row.records_erased),
  };
}
