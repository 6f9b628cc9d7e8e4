import type { AdminRemovalRequest } from '@threadcart/contracts';
import { REMOVAL_MESSAGES } from '@threadcart/contracts';
import { withTransaction, type Db } from '../../db/database.ts';
import { eraseCorpusRecords } from '../../db/repositories/privacy/corpus-erasure.repository.ts';
import { insertSuppressions } from '../../db/repositories/privacy/corpus-suppressions.repository.ts';
import {
  decideRemovalRequest,
  findRemovalRequest,
} from '../../db/repositories/privacy/removal-requests.repository.ts';
import type { RemovalRequestRow, SuppressionKind } from '../../db/tables/privacy.tables.ts';
import type { Deps } from '../../deps.ts';
import { conflict, notFound } from '../../errors.ts';
import { asciiLower } from '@threadcart/contracts';
import { recordAudit } from '../admin/admin-audit.service.ts';
import { isCorpusBulkLoading } from '../corpus/ingest/corpus-deferred.service.ts';
import { getMailer } from '../operations/mail.service.ts';
import { forgetCorpusCounts } from '../operations/service-status.service.ts';
import { authorSuppressionHash, getSuppressionKey } from './suppressions.service.ts';
import { toAdminRemovalRequest } from './removal-requests.service.ts';

const BULK_LOADING_MESSAGE =
  'The corpus is being bulk loaded; approve this request when the load has finished.';

/**
 * Approves a pending removal request (docs/decisions/036): in one transaction its records are erased from the corpus,
 * suppression rows are written (the ids, or a keyed hash of each author name, and the request's id), the request's
 * targets are emptied, the approval is audited and the requester is mailed through the outbox. The dry-run cache and
 * the corpus counts are then forgotten, so no answer still counts the erased records.
 */
export async function approveRemovalRequest(
  deps: Deps,
  adminUserId: string,
  id: string,
  reason: string | null,
): Promise<AdminRemovalRequest> {
  // Deleting while a bulk load has the full-text triggers deferred would leave its indexes holding the rows.
  if (await isCorpusBulkLoading(deps)) throw conflict(BULK_LOADING_MESSAGE, 'corpus_bulk_loading');
  const now = deps.clock.now();
  const secret = await getSuppressionKey(deps.db, now);
  const row = await withTransaction(deps.db, async (trx) => {
    const request = await pendingRequest(trx, id);
    const targets = JSON.parse(request.targets) as string[];
    const suppressions: { kind: SuppressionKind; value: string }[] = [];
    const erasure = { authorKeys: [] as string[], postIds: [] as string[], commentIds: [] as string[] };
    for (const target of targets) {
      if (request.kind === 'usernames') {
        erasure.authorKeys.push(asciiLower(target));
        suppressions.push({ kind: 'author', value: authorSuppressionHash(secret, target) });
        continue;
      }
      const [prefix, bare] =
        target.startsWith('t3_') || target.startsWith('t1_') ? target.split('_') : ['', target];
      if (prefix !== 't1') {
        erasure.postIds.push(bare!);
        suppressions.push({ kind: 'post', value: bare! });
      }
      if (prefix !== 't3') {
        erasure.commentIds.push(bare!);
        suppressions.push({ kind: 'comment', value: bare! });
      }
    }
    const erased = await eraseCorpusRecords(trx, erasure);
    const records = erased.posts + erased.comments;
    await insertSuppressions(trx, suppressions, request.id, now.toISOString());
    await decide(trx, request, { status: 'approved', adminUserId, reason, records, now });
    await recordAudit(trx, {
      adminUserId,
      action: 'removal.approve',
      targetType: 'removal_request',
      targetId: request.id,
      reason,
      details: {
        kind: request.kind,
        targets: request.target_count,
        posts: erased.posts,
        comments: erased.comments,
      },
      now,
    });
    await getMailer(deps, trx).send({
      to: request.email,
      subject: 'Your removal request to Threadcart was approved',
      body: [
        'Hello,',
        '',
        `We approved your removal request. ${records} ${records === 1 ? 'record was' : 'records were'} erased from our corpus,`,
        'and no later import of a Reddit dump will store them again. Files delivered before today are not recalled;',
        'files delivered from now on never contain them.',
        ...(reason ? ['', `Note from our operators: ${reason}`] : []),
      ].join('\n'),
    });
    return (await findRemovalRequest(trx, request.id))!;
  });
  deps.dryRunCache.clear();
  forgetCorpusCounts(deps.db);
  return toAdminRemovalRequest(row);
}

/** Rejects a pending removal request with a reason (audited; the requester is mailed the reason). */
export async function rejectRemovalRequest(
  deps: Deps,
  adminUserId: string,
  id: string,
  reason: string,
): Promise<AdminRemovalRequest> {
  const now = deps.clock.now();
  const row = await withTransaction(deps.db, async (trx) => {
    const request = await pendingRequest(trx, id);
    await decide(trx, request, { status: 'rejected', adminUserId, reason, records: null, now });
    await recordAudit(trx, {
      adminUserId,
      action: 'removal.reject',
      targetType: 'removal_request',
      targetId: request.id,
      reason,
      details: { kind: request.kind, targets: request.target_count },
      now,
    });
    await getMailer(deps, trx).send({
      to: request.email,
      subject: 'Your removal request to Threadcart was not approved',
      body: ['Hello,', '', 'We could not approve your removal request, for this reason:', reason].join('\n'),
    });
    return (await findRemovalRequest(trx, request.id))!;
  });
  return toAdminRemovalRequest(row);
}

async function pendingRequest(trx: Db, id: string): Promise<RemovalRequestRow> {
  const request = await findRemovalRequest(trx, id);
  if (!request || request.status === 'unconfirmed') throw notFound();
  if (request.status !== 'pending') throw conflict(REMOVAL_MESSAGES.notPending, 'not_pending');
  return request;
}

async function decide(
  trx: Db,
  request: RemovalRequestRow,
  input: {
    status: 'approved' | 'rejected';
    adminUserId: string;
    reason: string | null;
    records: number | null;
    now: Date;
  },
): Promise<void> {
  const isDecided = await decideRemovalRequest(trx, {
    id: request.id,
    status: input.status,
    adminUserId: input.adminUserId,
    reason: input.reason,
    recordsErased: input.records,
    nowIso: input.now.toISOString(),
  });
  if (!isDecided) throw conflict(REMOVAL_MESSAGES.notPending, 'not_pending');
}
