import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AccountIdParamsSchema,
  LedgerPageResponseSchema,
  LedgerQuerySchema,
  PaymentListResponseSchema,
  PaymentReceiptSchema,
} from '@threadcart/contracts';
import type { Deps } from '../deps.ts';
import { requireUser } from '../plugins/auth.ts';
import { getLedgerPage } from '../services/account/account-credits.service.ts';
import { getPaymentReceipt, listAccountPayments } from '../services/account/account-payments.service.ts';

/** The account's payments, receipts and credit ledger (the lots are GET /api/users/me/credits/). */
export function accountBillingRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/users/me/payments/',
      { schema: { response: { 200: PaymentListResponseSchema } } },
      async (request) => ({ payments: await listAccountPayments(deps, requireUser(request).id) }),
    );

    app.get(
      '/api/users/me/payments/:id/',
      { schema: { params: AccountIdParamsSchema, response: { 200: PaymentReceiptSchema } } },
      async (request) => getPaymentReceipt(deps, requireUser(request).id, request.params.id),
    );

    app.get(
      '/api/users/me/ledger/',
      { schema: { querystring: LedgerQuerySchema, response: { 200: LedgerPageResponseSchema } } },
      async (request) => getLedgerPage(deps, requireUser(request).id, request.query.page),
    );
  };
}
