/** `revert`: mailed to the old address when a change is confirmed; following it restores that address. */
export type EmailConfirmationPurpose = 'signup' | 'change' | 'revert';

export interface EmailConfirmationsTable {
  id: string;
  user_id: string;
  purpose: EmailConfirmationPurpose;
  /** The address the link was mailed to: the account's own for 'signup', the new one for 'change', the old for 'revert'. */
  email: string;
  email_key: string;
  /** sha256 of the token mailed; the token itself is never stored. */
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface SignupAttemptsTable {
  id: string;
  ip: string;
  created_at: string;
  /** The client's /24 (IPv4) or /64 (IPv6); null for attempts recorded before it was. */
  network: string | null;
}

/** Mailboxes that received the sign-up gift, by keyed hash; kept after the account is deleted (issue 28). */
export interface SignupGiftMailboxesTable {
  mailbox_hash: string;
  granted_at: string;
}

export interface EmailConfirmationTables {
  email_confirmations: EmailConfirmationsTable;
  signup_attempts: SignupAttemptsTable;
  signup_gift_mailboxes: SignupGiftMailboxesTable;
}
