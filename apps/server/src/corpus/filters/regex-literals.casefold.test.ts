import RE2 from 're2';
import { describe, expect, it } from 'vitest';
import { compileRegex } from './regex.ts';
import { foldForIndex } from './regex-literals.ts';

// The literal analysis treats a pattern's ASCII characters as exact after foldForIndex. That holds only if, under
// RE2's case-insensitive matching (flags 'iu', as compileRegex uses), no non-ASCII character other than the two
// that foldForIndex maps matches an ASCII character. These tests check it for every code point.
function everyNonAsciiCodePoint(): string {
  const parts: string[] = [];
  for (let codePoint = 0x80; codePoint <= 0x10ffff; codePoint += 1) {
    if (codePoint < 0xd800 || codePoint > 0xdfff) parts.push(String.fromCodePoint(codePoint));
  }
  return parts.join('');
}

describe("RE2's case folding against ASCII", () => {
  it('matches exactly two non-ASCII code points (U+0080 to U+10FFFF) with an ASCII class: ſ and the Kelvin sign', () => {
    const all = everyNonAsciiCodePoint();
    expect([...all].length).toBe(0x10ffff + 1 - 0x80 - 0x800);
    // A global search checks every position, so every code point, in one pass.
    const found = [...all.matchAll(new RE2('[\\x01-\\x7f]', 'giu'))].map((match) => match[0]);
    expect(found).toEqual(['\u017f', '\u212a']);
    const letters = [...all.matchAll(new RE2('[a-z]', 'giu'))].map((match) => match[0]);
    expect(letters).toEqual(['\u017f', '\u212a']);
  });

  it('matches each printable ASCII character with exactly the characters foldForIndex maps to its lower case', () => {
    const candidates = [
      ...Array.from({ length: 0x7f }, (_, i) => String.fromCharCode(i + 1)),
      '\u017f',
      '\u212a',
    ];
    for (let codePoint = 0x20; codePoint <= 0x7e; codePoint += 1) {
      const hex = codePoint.toString(16).padStart(2, '0');
      const regex = compileRegex(`^\\x${hex}$`);
      const expected = String.fromCharCode(codePoint).toLowerCase();
      for (const candidate of candidates) {
        expect(regex.test(candidate), `\\x${hex} against U+${candidate.codePointAt(0)!.toString(16)}`).toBe(
          foldForIndex(candidate) === expected,
        );
      }
    }
  });
});
