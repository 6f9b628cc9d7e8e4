import { randomBytes } from 'node:crypto';

let lastMs = 0;
let sequence = 0;

/**
 * A UUIDv7: time-ordered and unguessable in its random part. Ids made in one process are strictly increasing,
 * also within one millisecond (a 12-bit sequence in rand_a, RFC 9562 §6.2 method 1), so they sort by creation.
 */
export function newId(now = Date.now()): string {
  let ms = Math.max(now, lastMs);
  if (ms === lastMs) {
    sequence += 1;
    if (sequence > 0xfff) {
      ms += 1;
      sequence = 0;
    }
  } else {
    sequence = randomBytes(1)[0]! & 0x7f;
  }
  lastMs = ms;
  const bytes = randomBytes(16);
  bytes.writeUIntBE(ms, 0, 6);
  bytes[6] = 0x70 | (sequence >> 8);
  bytes[7] = sequence & 0xff;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
