import type { Deps } from '../deps.ts';
import { listOutbox } from '../services/operations/mail.service.ts';

export interface MailCliIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  /** builds the dependencies (the database) once the arguments are known to be right */
  readonly createDeps: () => Promise<Deps>;
}

export const MAIL_USAGE = 'Usage: npm run mail -- <e-mail address>\n';

/**
 * `mail <address>`: prints the outbox mails to an address, oldest first, each with its time, state and subject above
 * its body. The way to read a mail (a confirmation link) on a machine that sends none, since the log never holds a
 * mail's body (docs/decisions/037-mail-transport.md); whoever runs it can read the database anyway.
 */
export async function runMailCli(argv: readonly string[], io: MailCliIo): Promise<number> {
  const [address, ...extra] = argv;
  if (!address?.trim() || extra.length > 0) {
    io.stderr(`mail takes exactly one e-mail address. ${MAIL_USAGE}`);
    return 1;
  }
  let deps: Deps | undefined;
  try {
    deps = await io.createDeps();
    const mails = await listOutbox(deps, address.trim());
    if (mails.length === 0) {
      io.stdout(`No mail to ${address.trim()} in the outbox.\n`);
      return 0;
    }
    for (const mail of mails) {
      io.stdout(`--- ${mail.created_at}  ${mail.status}  ${mail.subject}\n${mail.body}\n\n`);
    }
    return 0;
  } catch (error) {
    io.stderr(`error: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  } finally {
    await deps?.close();
  }
}
