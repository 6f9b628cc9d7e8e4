export const PAYMENT_PATHS = {
  capture: '/api/paypal/capture-order/',
  cancel: '/api/paypal/cancel-order/',
} as const;
