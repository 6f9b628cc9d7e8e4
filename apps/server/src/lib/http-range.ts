/** A byte range of a file, inclusive at both ends (RFC 9110 §14.1.2). */
export interface ByteRange {
  readonly start: number;
  readonly end: number;
}

/**
 * What a download answers to its Range and If-Range headers (RFC 9110 §13.1.5, §14): the whole file, one range (206),
 * or 416 when the range lies past the end. Several ranges, or a malformed header, get the whole file, as the RFC
 * allows; an If-Range that is not the file's strong ETag (or a date: the file has no Last-Modified) too.
 */
export function resolveRange(
  header: string | undefined,
  ifRange: string | undefined,
  size: number,
  etag: string | undefined,
): { kind: 'whole' } | { kind: 'partial'; range: ByteRange } | { kind: 'unsatisfiable' } {
  if (header === undefined) return { kind: 'whole' };
  if (ifRange !== undefined && (etag === undefined || ifRange.trim() !== etag)) return { kind: 'whole' };
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return { kind: 'whole' };
  const [, first, last] = match;
  if (first === '') {
    // A suffix: the last N bytes.
    const length = Number(last);
    if (length === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', range: { start: Math.max(0, size - length), end: size - 1 } };
  }
  const start = Number(first);
  if (start >= size) return { kind: 'unsatisfiable' };
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (end < start) return { kind: 'whole' };
  return { kind: 'partial', range: { start, end } };
}
