import { describe, expect, it } from 'vitest';
import { createSemaphore } from './semaphore.ts';

describe('createSemaphore', () => {
  it('runs at most `limit` at once, the rest in arrival order, and goes on after a failure', async () => {
    const semaphore = createSemaphore(2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const task = (i: number) =>
      semaphore.run(async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 10));
        running -= 1;
        order.push(i);
        if (i === 1) throw new Error('one fails');
        return i;
      });
    const results = await Promise.allSettled([0, 1, 2, 3, 4].map(task));
    expect(most).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4]);
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
  });
});
