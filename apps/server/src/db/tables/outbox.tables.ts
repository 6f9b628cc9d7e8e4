/** A mail as it was handed to the mail port; the embedded default keeps it here instead of sending it. */
export interface OutboxEmailsTable {
  id: string;
  to_address: string;
  subject: string;
  body: string;
  created_at: string;
}

export interface OutboxTables {
  outbox_emails: OutboxEmailsTable;
}
