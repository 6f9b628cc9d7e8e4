import { describe, expect, it } from 'vitest';
import { sampleKey, sampleStart, walkDistance } from './sample-key.ts';

// A seed's sample is the first n matches of a walk of the sample keys from the seed's start (decision 039). Whatever
// the seed, it is a uniform sample of the matches when the keys are uniform and independent of the filter: these
// tests draw 10,000 samples of a known match set of ten records, each draw with its own ids (so its own keys) and
// its own seed, as a corpus and a seed are to the hash, and check the picks with χ².

const MATCHES = 10;
const DRAWS = 10_000;
// χ² with 9 degrees of freedom exceeds 27.88 with probability 0.001.
const CHI2_9_P001 = 27.88;

/** The labels of a draw's walk order: the ten records sorted by their key's distance from the seed's start. */
function walk(draw: number): number[] {
  const start = sampleStart(draw);
  return Array.from({ length: MATCHES }, (_, label) => ({
    label,
    distance: walkDistance(sampleKey('comments', `d${draw.toString(36)}m${label}`), start),
  }))
    .sort((a, b) => (a.distance < b.distance ? -1 : a.distance > b.distance ? 1 : 0))
    .map((entry) => entry.label);
}

const chiSquare = (counts: readonly number[], expected: number) =>
  counts.reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0);

describe('sample keys', () => {
  it('are the first 8 bytes of SHA-256 of the type and id, signed, and differ by type', () => {
    // `printf 'posts:abc' | sha256sum` starts f67a46f6f037d486: stored keys must never change.
    expect(sampleKey('posts', 'abc')).toBe(BigInt.asIntN(64, 0xf67a46f6f037d486n));
    expect(sampleKey('posts', 'abc')).not.toBe(sampleKey('comments', 'abc'));
    const keys = Array.from({ length: 1000 }, (_, i) => sampleKey('posts', i.toString(36)));
    expect(keys.some((k) => k < 0n)).toBe(true);
    expect(keys.every((k) => k >= -(1n << 63n) && k < 1n << 63n)).toBe(true);
  });

  it('measure the walk from the start, wrapping past the largest key', () => {
    expect(walkDistance(5n, 5n)).toBe(0n);
    expect(walkDistance(6n, 5n)).toBe(1n);
    expect(walkDistance(4n, 5n)).toBe((1n << 64n) - 1n);
    expect(walkDistance(-(1n << 63n), (1n << 63n) - 1n)).toBe(1n);
  });

  it('give each record of a match set the first place of a sample equally often (χ², 10,000 draws)', () => {
    const first = new Array<number>(MATCHES).fill(0);
    for (let draw = 0; draw < DRAWS; draw++) first[walk(draw)[0]!]! += 1;
    expect(chiSquare(first, DRAWS / MATCHES)).toBeLessThan(CHI2_9_P001);
  });

  it('put each record in a sample of three equally often, at each place (χ², 10,000 draws)', () => {
    const places = [0, 1, 2].map(() => new Array<number>(MATCHES).fill(0));
    for (let draw = 0; draw < DRAWS; draw++)
      walk(draw)
        .slice(0, 3)
        .forEach((label, place) => (places[place]![label]! += 1));
    for (const counts of places) expect(chiSquare(counts, DRAWS / MATCHES)).toBeLessThan(CHI2_9_P001);
  });

  it('give the same seed the same start and other seeds other starts', () => {
    expect(sampleStart(42)).toBe(sampleStart(42));
    const starts = new Set(Array.from({ length: 1000 }, (_, seed) => sampleStart(seed)));
    expect(starts.size).toBe(1000);
  });
});
