import { describe, expect, it } from 'vitest';
import {
  csvField,
  neutraliseFormula,
  stripXmlForbidden,
  XLSX_MAX_TEXT_LENGTH,
  XLSX_TRUNCATION_MARKER,
  xlsxText,
  xlsxValue,
} from './cells.ts';

describe('neutraliseFormula', () => {
  it.each(['=1+1', '+A1', '-2+3', '@SUM(A1)', '\tx', '\rx', '=HYPERLINK("http://evil","x")'])(
    'prefixes an apostrophe to %j',
    (text) => {
      expect(neutraliseFormula(text)).toBe(`'${text}`);
    },
  );

  it.each(['', 'plain', 'a=b', '1-2', "'quoted", ' spaced', '\nline'])('leaves %j alone', (text) => {
    expect(neutraliseFormula(text)).toBe(text);
  });
});

describe('csvField', () => {
  it('quotes every text and doubles quotes (issue 28 item 6)', () => {
    expect(csvField('plain')).toBe('"plain"');
    expect(csvField('')).toBe('""');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField("x;=cmd|' /C calc'!A0")).toBe(`"x;=cmd|' /C calc'!A0"`);
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('emoji 🎉 日本')).toBe('"emoji 🎉 日本"');
  });

  it('neutralises before quoting, and writes numbers and booleans as they are', () => {
    expect(csvField('=1,2')).toBe(`"'=1,2"`);
    expect(csvField('\rCR')).toBe(`"'\rCR"`);
    expect(csvField(-42)).toBe('-42');
    expect(csvField(0)).toBe('0');
    expect(csvField(Number.NaN)).toBe('');
    expect(csvField(true)).toBe('true');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
  });
});

describe('XLSX texts', () => {
  it('removes what XML 1.0 forbids and keeps tab, LF, emoji and other Unicode', () => {
    expect(stripXmlForbidden('a\u0000b\u0001c\u0008d\u000be\u000cf\u001fg\uffffh')).toBe('abcdefgh');
    expect(stripXmlForbidden('tab\tlf\ncr\r🎉 é')).toBe('tab\tlf\ncr\r🎉 é');
    expect(stripXmlForbidden('lone \ud800 high, lone \udc00 low, pair \ud83c\udf89')).toBe(
      'lone  high, lone  low, pair 🎉',
    );
  });

  it('neutralises after stripping, so a hidden control character cannot shield a formula', () => {
    expect(xlsxText('\u0001=cmd')).toBe("'=cmd");
  });

  it('turns CRLF and CR into LF', () => {
    expect(xlsxText('a\r\nb\rc\nd')).toBe('a\nb\nc\nd');
  });

  it('cuts a text over 32,767 characters and marks the cut', () => {
    const cut = xlsxText('x'.repeat(XLSX_MAX_TEXT_LENGTH + 1));
    expect(cut).toHaveLength(XLSX_MAX_TEXT_LENGTH);
    expect(cut.endsWith(XLSX_TRUNCATION_MARKER)).toBe(true);
    expect(xlsxText('x'.repeat(XLSX_MAX_TEXT_LENGTH))).toBe('x'.repeat(XLSX_MAX_TEXT_LENGTH));
  });

  it('never cuts inside a surrogate pair', () => {
    const keep = XLSX_MAX_TEXT_LENGTH - XLSX_TRUNCATION_MARKER.length;
    const text = 'x'.repeat(keep - 1) + '🎉'.repeat(10);
    const cut = xlsxText(text);
    expect(cut).toBe('x'.repeat(keep - 1) + XLSX_TRUNCATION_MARKER);
  });

  it('keeps numbers and booleans typed and empties empty texts', () => {
    expect(xlsxValue(-7)).toBe(-7);
    expect(xlsxValue(false)).toBe(false);
    expect(xlsxValue('')).toBeNull();
    expect(xlsxValue(Number.POSITIVE_INFINITY)).toBeNull();
  });
});
