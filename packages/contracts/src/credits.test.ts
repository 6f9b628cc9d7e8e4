import { describe, expect, it } from 'vitest';
import { priceCentsForCredits, purchaseExpiryDays } from './credits.ts';

describe('prices and expiry', () => {
  it('charges ceil(credits / 10) cents', () => {
    expect(priceCentsForCredits(1)).toBe(1);
    expect(priceCentsForCredits(1000)).toBe(100);
    expect(priceCentsForCredits(1501)).toBe(151);
  });
  it('expires purchases by size', () => {
    expect([4999, 5000, 24999, 25000, 99999, 100000].map(purchaseExpiryDays)).toEqual([
      7, 30, 30, 60, 60, 90,
    ]);
  });
});
