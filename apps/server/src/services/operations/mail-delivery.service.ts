import {
  claimDueOutboxEmails,
  finishOutboxAttempt,
  type ClaimedOutboxEmail,
} from '../../db/repositories/operations/outbox.repository.ts';
import type { Deps } from '../../deps.ts';
import {
  createSmtpTransport,
  SmtpSendError,
  SMTP_TIMEOUTS_MS,
  type SmtpTransport,
} from '../../mail/smtp-transport.ts';

/** Tries of one mail before it fails; a refusal for good (5xx to the mail) fails it at once. */
export const MAIL_MAX_ATTEMPTS = 8;
/** The wait after a failed try n is RETRY_BASE_MS × 4^(n−1): 30 s, 2 min, 8 min, … 34 h (8 tries in about 45 h). */
export const MAIL_RETRY_BASE_MS = 30_000;
/** At most this many tries per run of the job, so one run never holds the scheduler for long. */
const TRIES_PER_RUN = 50;
/** A claim outlives a try's longest wait on the server by this margin; a process that dies lets another retry after it. */
const LEASE_MS =
  SMTP_TIMEOUTS_MS.connection + SMTP_TIMEOUTS_MS.greeting + 4 * SMTP_TIMEOUTS_MS.socket + 60_000;

/** The wait before the try after try `attempt` failed. */
export function mailRetryDelayMs(attempt: number): number {
  return MAIL_RETRY_BASE_MS * 4 ** (attempt - 1);
}

/**
 * Sends the outbox mails that are due through SMTP_URL (nothing without it) and returns how many tries it made. Mails
 * are claimed one at a time (a conditional update, so two processes running the job never send one mail side by
 * side) and each try is recorded: sent, pending again after its backoff, or failed. A process that dies mid-try
 * leaves its claim to lapse and the mail is tried again: a mail is never lost, and sent twice only then.
 */
export async function deliverDueMail(deps: Deps): Promise<number> {
  const smtpUrl = deps.config.mail.smtpUrl;
  if (smtpUrl === undefined) return 0;
  let transport: SmtpTransport | undefined;
  let tries = 0;
  try {
    while (tries < TRIES_PER_RUN) {
      const now = deps.clock.now();
      const [mail] = await claimDueOutboxEmails(deps.db, {
        nowIso: now.toISOString(),
        leaseExpiresAt: new Date(now.getTime() + LEASE_MS).toISOString(),
        limit: 1,
      });
      if (!mail) break;
      transport ??= createSmtpTransport(smtpUrl);
      await attemptMail(deps, transport, mail);
      tries += 1;
    }
  } finally {
    transport?.close();
  }
  return tries;
}

async function attemptMail(deps: Deps, transport: SmtpTransport, mail: ClaimedOutboxEmail): Promise<void> {
  let error: string | null = null;
  let isPermanent = false;
  if (mail.attempt > MAIL_MAX_ATTEMPTS) {
    // The process making the last try died (its claim lapsed): the mail is out of tries.
    error = 'No try left (the last one was cut off).';
    isPermanent = true;
  } else {
    try {
      await transport.send({
        from: deps.config.mail.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.body,
        messageId: `<${mail.id}@${new URL(deps.config.appUrl).hostname}>`,
      });
    } catch (caught) {
      if (!(caught instanceof SmtpSendError)) throw caught;
      error = caught.message;
      isPermanent = caught.isPermanent;
    }
  }
  const now = deps.clock.now();
  const status =
    error === null ? 'sent' : isPermanent || mail.attempt >= MAIL_MAX_ATTEMPTS ? 'failed' : 'pending';
  const nextAttemptAt =
    status === 'pending' ? new Date(now.getTime() + mailRetryDelayMs(mail.attempt)).toISOString() : null;
  const isRecorded = await finishOutboxAttempt(deps.db, {
    id: mail.id,
    attempt: mail.attempt,
    status,
    nextAttemptAt,
    nowIso: now.toISOString(),
    error,
  });
  // The mail's id only: its recipient was logged when it was written, its body (links with tokens) never is.
  const fields = { mailId: mail.id, attempt: mail.attempt, status, nextAttemptAt, error, isRecorded };
  if (status === 'sent') deps.logger.info(fields, 'mail sent');
  else if (status === 'pending') deps.logger.warn(fields, 'mail try failed; it is tried again later');
  else deps.logger.error(fields, 'mail failed: it will not be sent');
}
