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
 * Writes the mail to the outbox_emails table, through `db`, so inside the caller's transaction when it passes one
 * (docs/decisions/037-mail-transport.md). With SMTP_URL set the mail is pending and the deliver-mail job sends it;
 * without, it is kept: the outbox is the transport (docs/product.md §3.13). The log names the mail, its recipient
 * and subject, never its body: the body holds sign-in, reset and confirmation links.
 */
export function createOutboxMailer(deps: Pick<Deps, 'clock' | 'logger' | 'config'>, db: Db): Mailer {
  const isSmtp = deps.config.mail.smtpUrl !== undefined;
  return {
    async send(mail) {
      const at = deps.clock.now();
      const now = at.toISOString();
      const id = newId(at.getTime());
      await insertOutboxEmail(db, {
        id,
        to_address: mail.to,
        subject: mail.subject,
        body: mail.body,
        created_at: now,
        status: isSmtp ? 'pending' : 'kept',
        attempts: 0,
        next_attempt_at: isSmtp ? now : null,
        lease_expires_at: null,
        sent_at: null,
        last_error: null,
      });
      deps.logger.info(
        { mailId: id, to: mail.to, subject: mail.subject, transport: isSmtp ? 'smtp' : 'outbox' },
        isSmtp ? 'mail queued for SMTP' : 'mail kept in the outbox',
      );
    },
  };
}

/** The mail port every service sends through: the outbox, which the SMTP transport (when configured) sends from. */
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
