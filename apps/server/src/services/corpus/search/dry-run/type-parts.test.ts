import { describe, expect, it } from 'vitest';
import type { Estimate } from '../estimate.ts';
import { withEstimate } from './type-parts.ts';

// A dry run whose count finished for one type and not the other (decision 046): the exact type keeps its count, the
// other takes its estimate, and the whole is their sum.

const estimateOf = (byType: [type: 'posts' | 'comments', estimate: Estimate][]) => {
  const total = { value: 0, low: 0, high: 0 };
  for (const [, e] of byType) {
    total.value += e.value;
    total.low += e.low;
    total.high += e.high;
  }
  return { ...total, byType: new Map(byType) };
};

describe('a count exact for one type, estimated for the other', () => {
  it('adds the exact posts to the comments estimate, and says which is which', () => {
    const result = withEstimate({
      types: ['posts', 'comments'],
      counted: [
        { type: 'posts', count: 21_095, isComplete: true },
        { type: 'comments', count: 1_200, isComplete: false },
      ],
      exact: [{ type: 'posts', count: 21_095, isComplete: true }],
      estimate: estimateOf([['comments', { value: 400_000, low: 350_000, high: 460_000 }]]),
      seen: 22_295,
      stored: 10_000_000,
    });
    expect(result).toEqual({
      matches: 421_095,
      low: 371_095,
      high: 481_095,
      byType: [
        { type: 'posts', matches: 21_095, isEstimate: false, low: 21_095, high: 21_095 },
        { type: 'comments', matches: 400_000, isEstimate: true, low: 350_000, high: 460_000 },
      ],
    });
  });

  it('keeps what was counted as the floor of an estimate that saw less, and never answers 0 past a match', () => {
    const result = withEstimate({
      types: ['posts', 'comments'],
      counted: [
        { type: 'posts', count: 0, isComplete: true },
        { type: 'comments', count: 37, isComplete: false },
      ],
      exact: [{ type: 'posts', count: 0, isComplete: true }],
      estimate: estimateOf([['comments', { value: 0, low: 0, high: 5_000 }]]),
      seen: 37,
      stored: 8_000_000,
    });
    expect(result.low).toBe(37);
    expect(result.high).toBe(5_000);
    expect(result.matches).toBeGreaterThanOrEqual(37);
    expect(result.byType[0]).toEqual({ type: 'posts', matches: 0, isEstimate: false, low: 0, high: 0 });
    expect(result.byType[1]).toMatchObject({ type: 'comments', isEstimate: true, low: 37, high: 5_000 });
    expect(result.byType[1]!.matches).toBeGreaterThanOrEqual(37);
  });

  it('estimates both types when neither finished, each within the records stored', () => {
    const result = withEstimate({
      types: ['posts', 'comments'],
      counted: [{ type: 'posts', count: 10, isComplete: false }],
      exact: [],
      estimate: estimateOf([
        ['posts', { value: 900, low: 500, high: 1_500 }],
        ['comments', { value: 3_000, low: 1_000, high: 9_000 }],
      ]),
      seen: 10,
      stored: 8_000,
    });
    expect(result).toMatchObject({ matches: 3_900, low: 1_500, high: 8_000 });
    expect(result.byType.map((part) => part.isEstimate)).toEqual([true, true]);
  });
});
