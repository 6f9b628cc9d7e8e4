import { describe, expect, it } from 'vitest';
import { formatEta, largeOrderProgressText } from './large-order-progress.ts';

describe('a large order’s progress on the dashboard', () => {
  it('says the records written of those ordered and the time left', () => {
    const order = {
      id: 'a',
      size: 'large',
      result_count: 1_000_000,
      records_written: 250_000,
      eta_seconds: 180,
    } as const;
    expect(largeOrderProgressText(order)).toBe('250,000 of 1,000,000 records written · about 3 minutes left');
    expect(largeOrderProgressText({ ...order, eta_seconds: null })).toBe(
      '250,000 of 1,000,000 records written',
    );
    expect(largeOrderProgressText({ ...order, size: 'standard' })).toBeNull();
  });

  it('words the time left in seconds, minutes or hours', () => {
    expect(formatEta(12)).toBe('about 12 seconds left');
    expect(formatEta(90)).toBe('about 2 minutes left');
    expect(formatEta(5 * 3_600)).toBe('about 5 hours left');
  });
});
