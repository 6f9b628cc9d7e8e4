/** Cached answers of the pricing page. */
export const PRICING_KEYS = {
  packages: ['credit-packages'] as const,
};

export const PRICING_PATHS = {
  packages: '/api/credit-packages/',
  buyPackage: '/api/paypal/buy-credits-packages/',
} as const;
