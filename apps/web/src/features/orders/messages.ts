/** What the dashboard says when the corpus holds generated sample data (issue 33; not a text of the spec). */
export const SAMPLE_CORPUS_NOTICE = {
  all: 'This corpus is generated sample data, not real Reddit posts and comments: every file labels its records as sample data.',
  mixed:
    'Part of this corpus is generated sample data: files label those records as sample data, apart from the real ones.',
} as const;

/** Order and dashboard texts of docs/product.md §10.7, §10.8 and §10.18, word for word. */
export const ORDERS_UI_MESSAGES = {
  noTitle: 'No title',
  noQuery: 'No query specified',
  downloadFile: 'Download File',
  manifest: 'Manifest',
  manifestHint:
    'What this order ran on and delivered: checksum, corpus snapshot and citation, with the JSON to download',
  emptyList: 'No orders found. Create your first order to get started.',
  loadDataFailed: 'Failed to load dashboard data',
  loadFailed: 'Failed to load dashboard',
  loginRequired: 'Please log in to access the dashboard',
  titlePlaceholder: 'e.g. My Awesome Search',
  createOrder: 'Create Order',
  processing: 'Processing...',
  submitFailed: 'Failed to submit search. Please try again.',
  unexpectedStatus: (status: number) =>
    `Order submitted, but received status: ${status}. Please check your orders.`,
  validationFailed: 'Query validation failed',
  completedHeading: 'Order Requested Successfully!',
  goHome: 'Go to Homepage',
  repeatHint:
    'Placed now and again at this time every day or week, each time with only records you have not received yet. Each run is charged; a run your credits cannot cover is skipped and you get an e-mail. Pause or delete it on the dashboard.',
} as const;

/**
 * Placeholders of the text rules (docs/product.md §7.14): a short sample word, and a pattern with wildcards around a
 * word.
 */
export const VALUE_PLACEHOLDERS = {
  keyword: 'e.g. python',
  regex: 'e.g. .*python.*',
  flair: 'e.g. Discussion',
} as const;
