import type { RecordType } from '../../../../corpus/filters/prepare.ts';
import type { TypeCount } from '../corpus-search.service.ts';
import type { Estimate } from '../estimate.ts';

/** One record type's side of the count: exact, or an estimate with its 95 % range (decision 046). */
export interface PreviewTypePart {
  readonly type: RecordType;
  readonly matches: number;
  readonly isEstimate: boolean;
  readonly low: number;
  readonly high: number;
}

export const exactPart = (type: RecordType, count: number): PreviewTypePart => ({
  type,
  matches: count,
  isEstimate: false,
  low: count,
  high: count,
});

/**
 * A point that its own evidence does not contradict: within its range, and never 0 unless the whole range is 0 (a
 * sample that saw no match does not show that there is none: the range's centre, for 0 of n half Wilson's upper
 * bound).
 */
const pointOf = (value: number, low: number, high: number) => {
  const point = Math.min(Math.max(value, low), high);
  return point > 0 ? point : Math.ceil((low + high) / 2);
};

/**
 * The count of a dry run whose exact count did not finish for every type: the types counted exactly keep their
 * count, the others take the estimate's; what was counted for sure (`seen`, and each type's partial count) bounds
 * the ranges below, and no range says more records than are stored.
 */
export function withEstimate(input: {
  readonly types: readonly RecordType[];
  /** each type's count as far as it went (a lower bound where not complete) */
  readonly counted: readonly TypeCount[];
  /** the types counted exactly */
  readonly exact: readonly TypeCount[];
  /** the estimate of the other types, in all and per type */
  readonly estimate: Estimate & { readonly byType: ReadonlyMap<RecordType, Estimate> };
  readonly seen: number;
  readonly stored: number;
}): { matches: number; low: number; high: number; byType: PreviewTypePart[] } {
  const { types, counted, exact, estimate, seen, stored } = input;
  const exactTotal = exact.reduce((sum, part) => sum + part.count, 0);
  const most = Math.max(stored, seen);
  const low = Math.min(Math.max(exactTotal + estimate.low, seen), most);
  const high = Math.max(Math.min(exactTotal + estimate.high, most), low);
  const byType = types.map((type): PreviewTypePart => {
    const part = exact.find((p) => p.type === type);
    if (part) return exactPart(type, part.count);
    const guess = estimate.byType.get(type) ?? { value: 0, low: 0, high: most };
    const partLow = Math.max(guess.low, counted.find((p) => p.type === type)?.count ?? 0);
    const partHigh = Math.min(Math.max(guess.high, partLow), Math.max(most, partLow));
    return {
      type,
      matches: pointOf(guess.value, partLow, partHigh),
      isEstimate: true,
      low: partLow,
      high: partHigh,
    };
  });
  return { matches: pointOf(exactTotal + estimate.value, low, high), low, high, byType };
}
