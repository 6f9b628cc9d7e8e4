import nodemailer from 'nodemailer';

/** One mail to hand to an SMTP server. */
export interface OutgoingMail {
  readonly from: string;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  /** Sent as Message-ID (`<id@host>`), so that a mail tried again after a lapsed claim can be told apart. */
  readonly messageId: string;
}

/** Why a mail was not accepted: the server's answer (or the connection's error) and whether trying again may help. */
export class SmtpSendError extends Error {
  constructor(
    message: string,
    /** A 5xx answer to this mail's envelope or content: refused for good (an unknown mailbox, say). */
    readonly isPermanent: boolean,
  ) {
    super(message);
  }
}

/** The SMTP client a run of the deliver-mail job sends through (nodemailer); `close` ends its connection. */
export interface SmtpTransport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** How long a connection, the server's greeting and an idle socket may take before the try counts as failed. */
export const SMTP_TIMEOUTS_MS = { connection: 10_000, greeting: 10_000, socket: 30_000 } as const;

/**
 * An SMTP client for `smtp://` (STARTTLS when the server offers it) or `smtps://` (TLS from the start) URLs, with the
 * user and password in the URL and any nodemailer option as a query parameter (`?requireTLS=true`). A refusal or a
 * connection error becomes an SmtpSendError whose message holds the server's answer and never the mail.
 */
export function createSmtpTransport(url: string): SmtpTransport {
  const transporter = nodemailer.createTransport({
    url,
    // One connection, kept until close: the mails of a run share it (a local server took about 110 ms a mail with a
    // connection each, 2 ms on a shared one).
    pool: true,
    maxConnections: 1,
    connectionTimeout: SMTP_TIMEOUTS_MS.connection,
    greetingTimeout: SMTP_TIMEOUTS_MS.greeting,
    socketTimeout: SMTP_TIMEOUTS_MS.socket,
  });
  return {
    async send(mail) {
      try {
        await transporter.sendMail({
          from: mail.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          messageId: mail.messageId,
        });
      } catch (error) {
        throw toSendError(error);
      }
    },
    close: () => transporter.close(),
  };
}

function toSendError(error: unknown): SmtpSendError {
  const { responseCode, response, code, message } = error as {
    responseCode?: number;
    response?: string;
    code?: string;
    message?: string;
  };
  if (typeof responseCode === 'number') {
    // A 5xx at the greeting or the sign-in says the server or its settings are wrong, not the mail: tried again.
    const isAboutTheMail = code === 'EENVELOPE' || code === 'EMESSAGE';
    return new SmtpSendError(
      `The SMTP server answered: ${oneLine(response ?? String(responseCode))}`,
      responseCode >= 500 && isAboutTheMail,
    );
  }
  return new SmtpSendError(
    `The SMTP server could not be reached: ${oneLine(message ?? 'unknown error')}${code ? ` (${code})` : ''}`,
    false,
  );
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, 500);
}
