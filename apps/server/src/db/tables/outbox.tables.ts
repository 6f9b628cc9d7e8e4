/**
 * What becomes of an outbox mail (docs/decisions/037-mail-transport.md): `kept` (no transport configured: the outbox
 * is the transport), `pending` (to be sent by SMTP, at `next_attempt_at`), `sending` (claimed by a deliver-mail run
 * until `lease_expires_at`), `sent`, or `failed` (refused for good, or out of tries).
 */
export type OutboxMailStatus = 'kept' | 'pending' | 'sending' | 'sent' | 'failed';

/** A mail as it was handed to the mail port: the record of every mail, and the queue the SMTP transport sends from. */
export interface OutboxEmailsTable {
  id: string;
  to_address: string;
  subject: string;
  body: string;
  created_at: string;
  status: OutboxMailStatus;
  attempts: number;
  next_attempt_at: string | null;
  lease_expires_at: string | null;
  sent_at: string | null;
  last_error: string | null;
}

export interface OutboxTables {
  outbox_emails: OutboxEmailsTable;
}
