export * from './messages.ts';
export * from './auth.ts';
export * from './credits.ts';
export * from './orders.ts';
export * from './filters.ts';
export * from './payments.ts';
export * from './corpus.ts';
