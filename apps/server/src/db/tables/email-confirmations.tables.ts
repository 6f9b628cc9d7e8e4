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
}

export interface EmailConfirmationTables {
  email_confirmations: EmailConfirmationsTable;
  signup_attempts: SignupAttemptsTable;
}
