import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsonValueSplitter, LineSplitter, type JsonText } from './json-text.ts';

function feed(splitter: LineSplitter | JsonValueSplitter, text: string, cuts: number[]): JsonText[] {
  const out: JsonText[] = [];
  let start = 0;
  for (const cut of [...cuts].sort((a, b) => a - b)) {
    out.push(...splitter.push(text.slice(start, cut)));
    start = cut;
  }
  out.push(...splitter.push(text.slice(start)), ...splitter.end());
  return out;
}

const value = fc.jsonValue({ maxDepth: 3 }).map((v) => ({ v, s: 'tricky "}]\\[{' }));

describe('JsonValueSplitter', () => {
  it('cuts arrays into elements and other values whole, wherever the chunks end', () => {
    fc.assert(
      fc.property(
        fc.array(value, { maxLength: 8 }),
        fc.array(fc.nat(), { maxLength: 6 }),
        fc.boolean(),
        (values, rawCuts, isPretty) => {
          const text =
            JSON.stringify(values, null, isPretty ? 2 : 0) + '\n' + JSON.stringify(values[0] ?? {});
          const cuts = rawCuts.map((c) => c % (text.length + 1));
          const parsed = feed(new JsonValueSplitter(), text, cuts).map((t) => JSON.parse(t.text) as unknown);
          expect(parsed).toEqual([...values, values[0] ?? {}].map((v) => JSON.parse(JSON.stringify(v))));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('keeps a stray bracket from swallowing the rest', () => {
    const out = feed(new JsonValueSplitter(), '} {"a":1}\n[{"b":2}]', [3]);
    expect(out.map((t) => t.text.trim())).toEqual(['}', '{"a":1}', '{"b":2}']);
    expect(out.map((t) => t.line)).toEqual([1, 1, 2]);
  });
});

describe('LineSplitter', () => {
  it('returns the same lines whatever the chunking, with line numbers', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: 'grapheme-ascii' }), { maxLength: 10 }),
        fc.array(fc.nat()),
        (lines, raw) => {
          const clean = lines.map((l) => l.replace(/[\r\n]/g, ''));
          const text = clean.join('\r\n');
          const out = feed(
            new LineSplitter(),
            text,
            raw.map((c) => c % (text.length + 1)),
          );
          const expected = clean.flatMap((l, i) => (l ? [{ text: l, line: i + 1 }] : []));
          expect(out.filter((t) => t.text.trim())).toEqual(expected.filter((t) => t.text.trim()));
        },
      ),
      { numRuns: 300 },
    );
  });
});
