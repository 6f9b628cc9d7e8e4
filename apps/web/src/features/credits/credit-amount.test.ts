import { isValidCredits, normaliseCreditsInput, parseCredits, totalPriceLabel } from './credit-amount.ts';

it('reads the whole number typed, or null when empty or not a number', () => {
  expect(parseCredits('1500')).toBe(1500);
  expect(parseCredits('1500.9')).toBe(1500);
  expect(parseCredits(' 200 ')).toBe(200);
  expect(parseCredits('0')).toBe(0);
  expect(parseCredits('-5')).toBe(-5);
  expect(parseCredits('')).toBeNull();
  expect(parseCredits('abc')).toBeNull();
});

it('forces the box to an integer of at least 1 (and at most 1,000,000) when it loses focus', () => {
  expect(normaliseCreditsInput('1500.7')).toBe('1500');
  expect(normaliseCreditsInput('0')).toBe('1');
  expect(normaliseCreditsInput('-300')).toBe('1');
  expect(normaliseCreditsInput('')).toBe('1');
  expect(normaliseCreditsInput('x')).toBe('1');
  expect(normaliseCreditsInput('5000000')).toBe('1000000');
});

it('accepts 1 to 1,000,000 credits', () => {
  expect(isValidCredits(1)).toBe(true);
  expect(isValidCredits(1_000_000)).toBe(true);
  expect(isValidCredits(0)).toBe(false);
  expect(isValidCredits(-1)).toBe(false);
  expect(isValidCredits(1_000_001)).toBe(false);
  expect(isValidCredits(null)).toBe(false);
});

it('prices by the server rule: ceil(credits / 10) cents', () => {
  expect(totalPriceLabel(1000)).toBe('$1.00');
  expect(totalPriceLabel(1500)).toBe('$1.50');
  expect(totalPriceLabel(25000)).toBe('$25.00');
  expect(totalPriceLabel(1)).toBe('$0.01');
  expect(totalPriceLabel(15)).toBe('$0.02');
  expect(totalPriceLabel(1_000_000)).toBe('$1000.00');
  expect(totalPriceLabel(0)).toBe('$0.00');
  expect(totalPriceLabel(null)).toBe('$0.00');
});
