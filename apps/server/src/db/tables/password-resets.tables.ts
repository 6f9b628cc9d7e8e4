export interface PasswordResetTokensTable {
  id: string;
  user_id: string;
  /** sha256 of the token mailed to the user; the token itself is never stored. */
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface PasswordResetRequestsTable {
  id: string;
  email_key: string;
  ip: string;
  created_at: string;
}

export interface PasswordResetTables {
  password_reset_tokens: PasswordResetTokensTable;
  password_reset_requests: PasswordResetRequestsTable;
}
