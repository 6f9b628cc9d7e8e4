import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message an SMTP peer accepted: its envelope, its headers and its decoded text. */
export interface ReceivedMail {
  readonly from: string;
  readonly to: readonly string[];
  readonly headers: Readonly<Record<string, string>>;
  readonly text: string;
}

/** A refusal the peer gives to the next message: at RCPT TO (the recipient) or after DATA (the message). */
export interface PeerRefusal {
  readonly at: 'rcpt' | 'data';
  readonly code: number;
  readonly message: string;
}

const USER = 'threadcart';
// A password that needs percent-encoding in the URL, as real ones often do.
const PASSWORD = 's3cret/p@ss';

/**
 * A real SMTP server (the smtp-server package) on 127.0.0.1 and an ephemeral port that requires a user and password,
 * records every message it accepts and refuses from a queue, the way a mail provider would. Plain SMTP (it offers no
 * STARTTLS), or with `isTls` TLS from the start (smtps://) with the package's own self-signed certificate, which
 * the URL tells the client to accept.
 */
export async function startSmtpPeer(options: { isTls?: boolean } = {}) {
  const received: ReceivedMail[] = [];
  const refusals: PeerRefusal[] = [];
  let messagesRefused = 0;
  const refusal = (at: PeerRefusal['at']) => {
    if (refusals[0]?.at !== at) return null;
    const next = refusals.shift()!;
    messagesRefused += 1;
    return Object.assign(new Error(next.message), { responseCode: next.code });
  };
  const server = new SMTPServer({
    logger: false,
    disableReverseLookup: true,
    secure: options.isTls ?? false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      if (auth.username === USER && auth.password === PASSWORD) callback(null, { user: USER });
      else callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onRcptTo(_address, _session, callback) {
      callback(refusal('rcpt') ?? undefined);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const refused = refusal('data');
        if (refused) return callback(refused);
        received.push(parseMessage(Buffer.concat(chunks).toString('utf8'), session.envelope));
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  const scheme = options.isTls ? 'smtps' : 'smtp';
  const query = options.isTls ? '?tls.rejectUnauthorized=false' : '';
  return {
    url: `${scheme}://${USER}:${encodeURIComponent(PASSWORD)}@127.0.0.1:${port}${query}`,
    /** The same peer with a wrong password. */
    urlWithWrongPassword: `${scheme}://${USER}:wrong@127.0.0.1:${port}${query}`,
    received,
    refuseNext: (refused: PeerRefusal) => refusals.push(refused),
    get messagesRefused() {
      return messagesRefused;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function parseMessage(
  raw: string,
  envelope: { mailFrom: false | { address: string }; rcptTo: ReadonlyArray<{ address: string }> },
): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const headers: Record<string, string> = {};
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  const body = raw.slice(split + 4);
  const encoding = headers['content-transfer-encoding']?.toLowerCase();
  const text =
    encoding === 'quoted-printable'
      ? Buffer.from(
          body
            .replace(/=\r\n/g, '')
            .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        ).toString('utf8')
      : encoding === 'base64'
        ? Buffer.from(body, 'base64').toString('utf8')
        : body;
  return {
    from: envelope.mailFrom ? envelope.mailFrom.address : '',
    to: envelope.rcptTo.map((r) => r.address),
    headers,
    text: text.replace(/\r\n/g, '\n').replace(/\n$/, ''),
  };
}
