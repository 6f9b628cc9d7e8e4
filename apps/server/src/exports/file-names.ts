import type { Compression, FormatType } from '@threadcart/contracts';
import { compressedContentType, compressionExtension } from './compression.ts';

/** The longest file name stem, in UTF-8 bytes, before the extension is added. */
export const MAX_FILE_STEM_BYTES = 100;

/** The stem used when nothing usable is left of the title. */
export const FALLBACK_FILE_STEM = 'order';

const EXTENSIONS: Record<FormatType, string> = {
  json: '.json',
  csv: '.csv',
  xlsx: '.xlsx',
  ndjson: '.ndjson',
  parquet: '.parquet',
};

const CONTENT_TYPES: Record<FormatType, string> = {
  json: 'application/json; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ndjson: 'application/x-ndjson; charset=utf-8',
  parquet: 'application/vnd.apache.parquet',
};

// Path separators and the other characters Windows forbids, plus every control character (C0, DEL, C1).
const UNSAFE_CHARACTERS = /[<>:"/\\|?*\p{Cc}]/gu;
// Invisible format characters (bidi overrides can disguise an extension); ZWJ stays, emoji sequences need it.
const FORMAT_CHARACTERS = /(?!\u200D)[\p{Cf}\p{Cs}]/gu;
// The default title "Search YYYY-MM-DD HH:mm" keeps its time readable: 14:05 becomes 14-05.
const CLOCK_COLON = /(\d):(?=\d)/gu;
const EDGE_DOTS_AND_SPACES = /^[.\s]+|[.\s]+$/gu;
// Device names Windows reserves, also when an extension follows (NUL.txt, NUL.tar.gz).
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³]|conin\$|conout\$)$/i;

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * Makes an order title into a file name: NFC, invisible format characters removed, a colon between digits
 * turned into `-`, path separators, reserved and control characters turned into spaces, whitespace runs collapsed to one space, dots and spaces trimmed from both ends, at most
 * MAX_FILE_STEM_BYTES bytes of UTF-8 (cut between whole characters), a Windows device name prefixed with `_`,
 * `order` when nothing is left; then `suffix` (kept whole: the title is cut shorter to leave room for it) and the
 * format's extension.
 */
export function fileNameForOrder(
  title: string,
  format: FormatType,
  suffix = '',
  compression: Compression | null = null,
): string {
  let stem = title
    .normalize('NFC')
    .replace(FORMAT_CHARACTERS, '')
    .replace(CLOCK_COLON, '$1-')
    .replace(UNSAFE_CHARACTERS, ' ')
    .replace(/\s+/gu, ' ')
    .replace(EDGE_DOTS_AND_SPACES, '');
  const room = MAX_FILE_STEM_BYTES - Buffer.byteLength(suffix, 'utf8');
  stem = truncateUtf8(stem, room).replace(EDGE_DOTS_AND_SPACES, '');
  if (stem === '') stem = FALLBACK_FILE_STEM;
  if (WINDOWS_RESERVED.test(stem.split('.')[0]!.trimEnd())) stem = `_${stem}`;
  return stem + suffix + extensionFor(format) + compressionExtension(compression);
}

/** The file extension of a format, dot included. */
export function extensionFor(format: FormatType): string {
  return EXTENSIONS[format];
}

/** The Content-Type a download of a format is served with (a compressed file's: the compression's). */
export function contentTypeFor(format: FormatType, compression: Compression | null = null): string {
  return compressedContentType(compression) ?? CONTENT_TYPES[format];
}

/** Keeps the longest prefix of whole grapheme clusters that fits in maxBytes of UTF-8. */
function truncateUtf8(text: string, maxBytes: number): string {
  if (Buffer.byteLength(text, 'utf8') <= maxBytes) return text;
  let bytes = 0;
  let end = 0;
  for (const { segment, index } of graphemes.segment(text)) {
    bytes += Buffer.byteLength(segment, 'utf8');
    if (bytes > maxBytes) break;
    end = index + segment.length;
  }
  return text.slice(0, end);
}
