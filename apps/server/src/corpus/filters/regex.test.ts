import { describe, expect, it } from 'vitest';
import { describeRegexError, findRegexError } from './regex.ts';

describe('findRegexError', () => {
  it.each([
    ['(?=a)', 'lookahead `(?=` is not supported'],
    ['(?!a)', 'negative lookahead `(?!` is not supported'],
    ['(?<=a)b', 'lookbehind `(?<=` is not supported'],
    ['(?<!a)b', 'negative lookbehind `(?<!` is not supported'],
    ['(a', 'a `(` is never closed'],
    ['[a', 'a `[` is never closed'],
    ['a)', 'a `)` has no `(` before it'],
    ['(a)\\1', 'back-references such as `\\1` are not supported'],
    ['*a', '`*` has nothing before it to repeat'],
    ['a**', '`**` repeats a repetition'],
    ['a{2,1}', 'the repetition `{2,1}` is not allowed (at most 1000, the smaller number first)'],
  ])('says what is wrong with %s in plain words', (pattern, message) => {
    expect(findRegexError(pattern)).toBe(message);
  });

  it('accepts a pattern RE2 compiles', () => {
    expect(findRegexError('^data (science|engineering)$')).toBeUndefined();
  });

  it('keeps a message it has no words for', () => {
    expect(describeRegexError('pattern too large - compile failed')).toBe(
      'pattern too large - compile failed',
    );
  });
});
