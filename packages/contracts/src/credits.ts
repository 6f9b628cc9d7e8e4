import { z } from 'zod';

export const SIGNUP_GIFT_CREDITS = 1000;
export const SIGNUP_GIFT_EXPIRY_DAYS = 30;
export const CUSTOM_CREDITS_MIN = 1;
export const CUSTOM_CREDITS_MAX = 1_000_000;

export const CreditPackageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  credits: z.number().int(),
  price: z.number(),
  price_cents: z.number().int(),
  description: z.string(),
  features: z.array(z.string()),
  isPopular: z.boolean(),
});
export type CreditPackage = z.infer<typeof CreditPackageSchema>;

/** The fixed package table of docs/product.md §5.1. */
export const CREDIT_PACKAGES: readonly CreditPackage[] = [
  {
    id: 1,
    name: 'Starter Pack',
    credits: 5000,
    price: 5,
    price_cents: 500,
    description: 'For a first dataset or a quick study.',
    features: ['5,000 records', 'Basic support', 'Email assistance'],
    isPopular: false,
  },
  {
    id: 2,
    name: 'Professional',
    credits: 25000,
    price: 20,
    price_cents: 2000,
    description: 'For regular research and monitoring.',
    features: ['25,000 records', 'Priority support', 'Email and chat assistance', 'Usage analytics'],
    isPopular: true,
  },
  {
    id: 3,
    name: 'Business',
    credits: 100000,
    price: 75,
    price_cents: 7500,
    description: 'For teams that work with Reddit data every day.',
    features: [
      '100,000 records',
      '24/7 priority support',
      'Dedicated account manager',
      'Advanced analytics',
      'Custom integrations',
    ],
    isPopular: false,
  },
];

/** Price of a custom amount in integer cents: ceil(credits / 10), so 1 credit costs $0.01 (docs/product.md §5.2). */
export function priceCentsForCredits(credits: number): number {
  return Math.ceil(credits / 10);
}

/** "12.34" for 1234 cents. */
export function formatCents(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** Days a purchased lot lives, by purchase size (docs/product.md §4.2). */
export function purchaseExpiryDays(credits: number): number {
  if (credits < 5000) return 7;
  if (credits < 25000) return 30;
  if (credits < 100000) return 60;
  return 90;
}
