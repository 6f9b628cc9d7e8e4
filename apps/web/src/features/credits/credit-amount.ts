import {
  CUSTOM_CREDITS_MAX,
  CUSTOM_CREDITS_MIN,
  formatCents,
  priceCentsForCredits,
} from '@threadcart/contracts';

/** The credits screen's input (docs/product.md §2.11, §11.1): default 1000, step 100, never below 1. */
export const DEFAULT_CREDITS = 1000;
export const CREDITS_STEP = 100;

/** The whole number typed (decimals dropped), or null when the box is empty or not a number. */
export function parseCredits(raw: string): number | null {
  if (raw.trim() === '') return null;
  const value = Number(raw);
  return Number.isFinite(value) ? Math.trunc(value) : null;
}

/** What the box shows once it loses focus: an integer from 1 to the custom-purchase maximum. */
export function normaliseCreditsInput(raw: string): string {
  const value = parseCredits(raw);
  if (value === null || value < CUSTOM_CREDITS_MIN) return String(CUSTOM_CREDITS_MIN);
  return String(Math.min(value, CUSTOM_CREDITS_MAX));
}

/** True when the server will accept this custom amount (docs/product.md §5.2: 1 to 1,000,000). */
export function isValidCredits(value: number | null): value is number {
  return value !== null && value >= CUSTOM_CREDITS_MIN && value <= CUSTOM_CREDITS_MAX;
}

/** The total the server will charge, "$1.50" for 1,500 credits (the server's ceil(credits / 10) cents rule). */
export function totalPriceLabel(value: number | null): string {
  return `$${formatCents(isValidCredits(value) ? priceCentsForCredits(value) : 0)}`;
}
