import net from 'node:net';

/** Providers that deliver `j.doe@` and `jdoe@` to one mailbox (Gmail ignores dots in the local part). */
const DOT_BLIND_DOMAINS: Record<string, string> = { 'gmail.com': 'gmail.com', 'googlemail.com': 'gmail.com' };

/**
 * The mailbox an address delivers to, for the sign-up gift (issue 28): lower case, a `+tag` removed, and the dots of
 * the local part removed where the provider ignores them (`J.Doe+2@GoogleMail.com` → `jdoe@gmail.com`).
 */
export function normaliseMailbox(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  const dotBlind = DOT_BLIND_DOMAINS[domain];
  if (dotBlind) {
    domain = dotBlind;
    local = local.replaceAll('.', '');
  }
  return `${local}@${domain}`;
}

/** The eight 16-bit groups of an IPv6 address (an embedded IPv4 tail included), or null. */
function ipv6Groups(ip: string): number[] | null {
  let text = ip.split('%')[0]!;
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, -tail[1]!.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, rest] = text.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = rest ? rest.split(':') : [];
  const missing = 8 - left.length - right.length;
  if (rest === undefined ? missing !== 0 : missing < 0) return null;
  return [...left, ...Array<string>(rest === undefined ? 0 : missing).fill('0'), ...right].map((g) =>
    Number.parseInt(g, 16),
  );
}

/**
 * The network a client address belongs to, for the sign-up limit: its /24 for IPv4 (an IPv4-mapped IPv6 address
 * counts as IPv4), its /64 for IPv6; anything else stands for itself.
 */
export function clientNetwork(ip: string): string {
  if (net.isIPv4(ip)) return `${ip.split('.').slice(0, 3).join('.')}.0/24`;
  if (!net.isIPv6(ip)) return ip;
  const groups = ipv6Groups(ip);
  if (!groups) return ip;
  const isMapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (isMapped)
    return clientNetwork(`${groups[6]! >> 8}.${groups[6]! & 255}.${groups[7]! >> 8}.${groups[7]! & 255}`);
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}
