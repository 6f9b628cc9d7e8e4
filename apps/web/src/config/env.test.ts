import { describe, expect, test } from 'vitest';
import { parseEnv } from './env.ts';

describe('env', () => {
  test('an empty GA measurement id means none', () => {
    expect(parseEnv({ VITE_GA_MEASUREMENT_ID: '' }).VITE_GA_MEASUREMENT_ID).toBeUndefined();
    expect(parseEnv({}).VITE_GA_MEASUREMENT_ID).toBeUndefined();
  });

  test('a valid id is kept and a malformed one is refused with a readable message', () => {
    expect(parseEnv({ VITE_GA_MEASUREMENT_ID: ' G-ABC123 ' }).VITE_GA_MEASUREMENT_ID).toBe('G-ABC123');
    expect(() => parseEnv({ VITE_GA_MEASUREMENT_ID: 'UA-1' })).toThrow(
      /VITE_GA_MEASUREMENT_ID: must look like G-XXXXXXX/,
    );
  });
});
