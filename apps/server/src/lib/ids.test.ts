import { expect, it } from 'vitest';
import { newId } from './ids.ts';

it('makes version-7 ids that sort in creation order, also within one millisecond', () => {
  const ids = Array.from({ length: 5000 }, () => newId(1_700_000_000_000));
  expect([...ids].sort()).toEqual(ids);
  expect(new Set(ids).size).toBe(ids.length);
  expect(ids[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
});
