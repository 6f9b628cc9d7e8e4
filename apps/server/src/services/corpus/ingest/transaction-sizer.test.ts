import { expect, it } from 'vitest';
import type { RowBatch } from '../../../corpus/readers/normalise-stream.ts';
import type { CommentsTable } from '../../../db/tables/corpus.tables.ts';
import { TransactionSizer } from './transaction-sizer.ts';

const batchOf = (n: number): RowBatch => ({
  table: 'comments',
  rows: Array.from({ length: n }, (_, i) => ({ id: `c${i}` }) as CommentsTable),
});

/** Writes each batch through the sizer, each transaction taking the time `took` gives; returns the slice sizes. */
function run(sizer: TransactionSizer, batches: RowBatch[], took: (index: number) => number): number[] {
  const sizes: number[] = [];
  for (const batch of batches) {
    for (const slice of sizer.slices(batch)) {
      sizes.push(slice.rows.length);
      sizer.record(took(sizes.length - 1));
    }
  }
  return sizes;
}

it('halves transactions after slow ones down to an eighth of a batch, grows them back after fast ones, loses no row', () => {
  const sizer = new TransactionSizer(10_000, true);
  const slow = run(sizer, [batchOf(10_000), batchOf(10_000)], () => 5_000);
  expect(slow).toEqual([10_000, 5_000, 2_500, 1_250, 1_250]);
  const fast = run(sizer, [batchOf(10_000)], () => 100);
  expect(fast).toEqual([1_250, 2_500, 5_000, 1_250]);
  expect(fast.reduce((a, b) => a + b, 0)).toBe(10_000);
  let at = 0;
  for (const size of [...slow, ...fast]) {
    at += size;
    expect(at % TransactionSizer.smallest(10_000)).toBe(0);
  }
});

it('keeps the size between half and twice the target, and a batch whole when not adaptive (PostgreSQL)', () => {
  const steady = new TransactionSizer(10_000, true);
  expect(run(steady, [batchOf(20_000)], () => 1_000)).toEqual([10_000, 10_000]);
  const fixed = new TransactionSizer(10_000, false);
  expect(run(fixed, [batchOf(10_000), batchOf(10_000)], () => 60_000)).toEqual([10_000, 10_000]);
});
