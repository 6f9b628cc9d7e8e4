/** Pricing texts of docs/product.md §10.11, word for word. */
export const PRICING_MESSAGES = {
  noApprovalUrl: 'No approval URL received from server.',
  sessionExpired: 'Your session has expired. Please log in again.',
  paymentFailed: 'Failed to process payment. Please try again.',
  noConnection: 'Unable to connect to the server. Please check your internet connection.',
  unexpected: 'An unexpected error occurred. Please try again.',
  loginToPurchase: 'Please log in to purchase credits',
  processing: 'Processing...',
} as const;
