import { OUTBOX_RETENTION_DAYS } from '@threadcart/contracts';
import type { Db } from '../../db/database.ts';
import {
  deleteOutboxEmailsBefore,
  insertOutboxEmail,
  listOutboxEmails,
} from '../../db/repositories/operations/outbox.repository.ts';
import type { Deps } from '../../deps.ts';
import { addDays } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';

export interface Mail {
  readonly to: string;
  readonly subject: string;
  readonly body: string;
}

/** The mail port: what services call to send a mail, whatever delivers it. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * The embedded default: the mail is written to the outbox_emails table (through `db`, so inside the caller's
 * transaction when it passes one) and to the server log, instead of being sent (docs/product.md §3.13).
 */
export function createOutboxMailer(deps: Pick<Deps, 'clock' | 'logger'>, db: Db): Mailer {
  return {
    async send(mail) {
      const now = deps.clock.now();
      const id = newId(now.getTime());
      await insertOutboxEmail(db, {
        id,
        to_address: mail.to,
        subject: mail.subject,
        body: mail.body,
        created_at: now.toISOString(),
      });
      deps.logger.info({ mailId: id, to: mail.to, subject: mail.subject, body: mail.body }, 'mail (outbox)');
    },
  };
}

/** The mailer the configuration selects; only the outbox exists so far, so a real transport plugs in here. */
export function getMailer(deps: Deps, db: Db = deps.db): Mailer {
  return createOutboxMailer(deps, db);
}

/** The outbox mails addressed to someone, oldest first (tests and support). */
export function listOutbox(deps: Deps, to: string) {
  return listOutboxEmails(deps.db, to);
}

/** Deletes outbox mails older than OUTBOX_RETENTION_DAYS, in batches; returns how many. */
export async function purgeOldMail(deps: Deps, batchSize = 1000): Promise<number> {
  const cutoff = addDays(deps.clock.now(), -OUTBOX_RETENTION_DAYS).toISOString();
  let deleted = 0;
  for (;;) {
    const n = await deleteOutboxEmailsBefore(deps.db, cutoff, batchSize);
    deleted += n;
    if (n < batchSize) return deleted;
  }
}
