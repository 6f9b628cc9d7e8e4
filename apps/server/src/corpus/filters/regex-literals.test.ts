import { describe, expect, it } from 'vitest';
import { andQuery, capLiteralQuery, literal, orQuery, NONE, ANY } from './regex-literals-query.ts';
import {
  foldForIndex,
  literalQueryLeaves,
  regexLiteralQuery,
  satisfiesLiteralQuery,
  type LiteralQuery,
} from './regex-literals.ts';

const lit = (text: string): LiteralQuery => ({ kind: 'literal', text });
const and = (...children: LiteralQuery[]): LiteralQuery => ({ kind: 'and', children });
const or = (...children: LiteralQuery[]): LiteralQuery => ({ kind: 'or', children });

describe('regexLiteralQuery', () => {
  it.each<[string, LiteralQuery]>([
    ['zzq[0-9]+', lit('zzq')],
    ['\\b(pandas|pytorch)\\b', or(lit('pandas'), lit('pytorch'))],
    ['^[0-9]+$', ANY],
    ['\\w{40,}', ANY],
    ['hello\\s+world', and(lit('hello'), lit('world'))],
    ['(ab|cd)ef', or(lit('abef'), lit('cdef'))],
    ['Foo.*Bar', and(lit('foo'), lit('bar'))],
    ['(?:abc){2,}', lit('abcabc')],
    ['[Kk]elvin', lit('kelvin')],
    ['straße', lit('stra')],
    ['ab', ANY],
    ['ab|xyz', ANY],
    ['abc|xyz', or(lit('abc'), lit('xyz'))],
    ['(unclosed', ANY],
    ['a{2}{3}', ANY],
    // Named, non-capturing and nested groups, anchors inside words, a case-sensitive group read case-insensitively.
    ['^(?<lang>Py(?:th|TH)on)\\b', lit('python')],
    ['(?-i:ABC)d', lit('abcd')],
    ['a\\Bbc', lit('abc')],
    // Non-ASCII and control characters break literals; so do large and negated classes.
    ['caféine', and(lit('caf'), lit('ine'))],
    ['abc\\tdef', and(lit('abc'), lit('def'))],
    ['abc[^x]def', and(lit('abc'), lit('def'))],
    ['abc[a-i]def', and(lit('abc'), lit('def'))],
    ['abc[a-h]def', or(...[...'abcdefgh'].map((c) => lit(`abc${c}def`)))],
    // Optional and starred parts are empty; a pattern that can match the empty string constrains nothing.
    ['abc(?:xyz)?', lit('abc')],
    ['(?:abc)*', ANY],
    ['(?:abc){0,3}', ANY],
    ['(?:abc)?|xyz', ANY],
    ['x{5,}abc', and(lit('xxxx'), lit('xabc'))],
    ['(?:ab|cd)+ef', or(lit('abef'), lit('cdef'))],
    // Syntax that RE2 reads differently from JavaScript gives 'any' (see the module's header).
    ['[]abc[]', ANY],
    ['[[:alpha:][a]bc', ANY],
    ['[(?<]abc', ANY],
    ['(?=abc)abd', lit('abd')],
  ])('%s', (pattern, expected) => {
    expect(regexLiteralQuery(pattern)).toEqual(expected);
  });

  it('reads `colou?r` as color or colour', () => {
    const query = regexLiteralQuery('colou?r');
    expect(query.kind).toBe('or');
    expect(literalQueryLeaves(query).sort()).toEqual(['color', 'colour']);
  });

  it('keeps queries within 32 literals and never throws', () => {
    const wide = Array.from({ length: 40 }, (_, i) => `w${i.toString().padStart(2, '0')}x`).join('|');
    expect(regexLiteralQuery(wide)).toEqual(ANY);
    const long = Array.from({ length: 40 }, (_, i) => `w${i.toString().padStart(2, '0')}x`).join('.');
    expect(literalQueryLeaves(regexLiteralQuery(long))).toHaveLength(32);
    expect(regexLiteralQuery('('.repeat(5000) + 'abc' + ')'.repeat(5000))).toBeDefined();
  });
});

describe('the simplifier', () => {
  it('flattens, absorbs and drops implied children', () => {
    expect(andQuery([literal('abcd'), andQuery([literal('bcd'), ANY])])).toEqual(lit('abcd'));
    expect(andQuery([literal('abc'), NONE])).toEqual(NONE);
    expect(orQuery([literal('abc'), NONE, literal('abc')])).toEqual(lit('abc'));
    expect(orQuery([literal('abcd'), literal('bcd'), literal('xyz')])).toEqual(or(lit('bcd'), lit('xyz')));
    expect(orQuery([literal('abc'), ANY])).toEqual(ANY);
    expect(andQuery([or(lit('abc'), lit('xyz')), lit('zabcz')])).toEqual(lit('zabcz'));
    expect(literal('ab')).toEqual(ANY);
    expect(andQuery([])).toEqual(ANY);
    expect(orQuery([])).toEqual(NONE);
  });

  it('caps a query by dropping AND children and widening a large OR', () => {
    const many = Array.from({ length: 40 }, (_, i) => lit(`q${String(i).padStart(2, '0')}`));
    expect(capLiteralQuery(or(...many))).toEqual(ANY);
    const capped = capLiteralQuery(and(...many));
    expect(literalQueryLeaves(capped)).toEqual(many.slice(0, 32).map((q) => (q as { text: string }).text));
  });
});

describe('satisfiesLiteralQuery and foldForIndex', () => {
  it('tests substrings of the folded text', () => {
    const query = and(lit('hello'), or(lit('world'), lit('there')));
    expect(satisfiesLiteralQuery(query, 'hello there')).toBe(true);
    expect(satisfiesLiteralQuery(query, 'hello you')).toBe(false);
    expect(satisfiesLiteralQuery(ANY, '')).toBe(true);
    expect(satisfiesLiteralQuery(NONE, 'anything')).toBe(false);
  });

  it('folds ſ, the Kelvin sign and ASCII capitals only, one unit for one', () => {
    expect(foldForIndex('ſKÉ Straße KELVIN İ')).toBe('skÉ straße kelvin İ');
    expect(foldForIndex('Ǆ ΣΑΣ')).toBe('Ǆ ΣΑΣ');
    expect(satisfiesLiteralQuery(regexLiteralQuery('kelvin'), foldForIndex('\u212aelvin'))).toBe(true);
  });

  it('lists the distinct leaves', () => {
    expect(literalQueryLeaves(and(lit('abc'), or(lit('abc'), lit('xyz'))))).toEqual(['abc', 'xyz']);
    expect(literalQueryLeaves(ANY)).toEqual([]);
  });
});

describe('speed', () => {
  it('analyses a 256-character pattern in well under a millisecond (printed, not asserted)', () => {
    const patterns = {
      'words and classes':
        '(?:alpha|beta|gamma)[0-9]+\\s+(?:delta|epsilon)\\b.*(?:zeta|eta|theta){2,}'.padEnd(256, 'x'),
      'nested exact sets': '(?:(?:aaa|bbb)(?:ccc|ddd)(?:eee|fff)(?:ggg|hhh).)'.repeat(6).slice(0, 256),
      '52 literals in a row': Array.from({ length: 60 }, (_, i) => `q${i.toString(36)}zz`)
        .join('.')
        .slice(0, 256),
      '52 alternatives': Array.from({ length: 60 }, (_, i) => `q${i.toString(36)}zz`)
        .join('|')
        .slice(0, 256),
    };
    for (const [name, pattern] of Object.entries(patterns)) {
      const first = performance.now();
      regexLiteralQuery(pattern);
      const firstMs = performance.now() - first;
      for (let i = 0; i < 1_000; i += 1) regexLiteralQuery(pattern); // warm up
      const runs = 1_000;
      const start = performance.now();
      for (let i = 0; i < runs; i += 1) regexLiteralQuery(pattern);
      const perRunUs = ((performance.now() - start) / runs) * 1000;
      console.log(
        `regexLiteralQuery, ${name} (${pattern.length} characters): ${perRunUs.toFixed(0)} µs per pattern ` +
          `(first call ${firstMs.toFixed(2)} ms)`,
      );
    }
  });
});
