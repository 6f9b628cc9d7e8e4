import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CREDIT_PACKAGES, CreditPackagesResponseSchema } from '@threadcart/contracts';

/** The fixed package table of the pricing page (public). */
export function creditPackagesRoutes(): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/credit-packages/',
      { schema: { response: { 200: CreditPackagesResponseSchema } } },
      async () => ({ packages: [...CREDIT_PACKAGES] }),
    );
  };
}
