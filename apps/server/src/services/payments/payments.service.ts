import {
  CREDIT_PACKAGES,
  CUSTOM_CREDITS_MAX,
  CUSTOM_CREDITS_MIN,
  PAYMENT_MESSAGES,
  priceCentsForCredits,
  type CaptureResponse,
  type CheckoutResponse,
} from '@threadcart/contracts';
import {
  findUserPaymentByOrderId,
  insertPayment,
  setPaymentOrderId,
  setUncreditedPaymentStatus,
  type Payment,
} from '../../db/repositories/payments/payments.repository.ts';
import type { Deps } from '../../deps.ts';
import { AppError, badRequest, notFound } from '../../errors.ts';
import { newId } from '../../lib/ids.ts';
import {
  ProviderError,
  ProviderUnavailableError,
  centsToValue,
  ORDER_ID_PATTERN,
} from '../../payments/provider.ts';
import { paymentProviderFor } from '../../payments/provider-registry.ts';
import { getBalance } from './ledger.service.ts';
import { settlePayment, type SettleResult } from './settle-payment.service.ts';

const CURRENCY = 'USD';
/** How long a capture call waits for a concurrent one (another tab) to finish, below the client's 10 s time-out. */
const CONCURRENT_CAPTURE_WAIT_MS = 8000;

interface CheckoutItem {
  kind: Payment['kind'];
  packageId: number | null;
  credits: number;
  amountCents: number;
  description: string;
}

/** Starts the purchase of a fixed package (docs/product.md §5.2): the price comes from the server's table only. */
export async function startPackageCheckout(
  deps: Deps,
  userId: string,
  packageId: unknown,
): Promise<CheckoutResponse> {
  const id = typeof packageId === 'string' && /^\d{1,9}$/.test(packageId) ? Number(packageId) : packageId;
  const pack = CREDIT_PACKAGES.find((p) => p.id === id);
  if (!pack) throw badRequest(PAYMENT_MESSAGES.unknownPackage, 'unknown_package');
  return startCheckout(deps, userId, {
    kind: 'package',
    packageId: pack.id,
    credits: pack.credits,
    amountCents: pack.price_cents,
    description: `${pack.credits.toLocaleString('en-US')} Threadcart credits (${pack.name})`,
  });
}

/** Starts the purchase of a custom amount: an integer from 1 to 1,000,000 credits at ceil(credits / 10) cents. */
export async function startCustomCheckout(
  deps: Deps,
  userId: string,
  credits: unknown,
): Promise<CheckoutResponse> {
  const isValid =
    typeof credits === 'number' &&
    Number.isInteger(credits) &&
    credits >= CUSTOM_CREDITS_MIN &&
    credits <= CUSTOM_CREDITS_MAX;
  if (!isValid) throw badRequest(PAYMENT_MESSAGES.invalidCredits, 'invalid_credits');
  return startCheckout(deps, userId, {
    kind: 'custom',
    packageId: null,
    credits,
    amountCents: priceCentsForCredits(credits),
    description: `${credits.toLocaleString('en-US')} Threadcart credits`,
  });
}

async function startCheckout(deps: Deps, userId: string, item: CheckoutItem): Promise<CheckoutResponse> {
  const provider = paymentProviderFor(deps.config);
  const now = deps.clock.now();
  const paymentId = newId(now.getTime());
  await insertPayment(deps.db, {
    id: paymentId,
    userId,
    provider: provider.name,
    kind: item.kind,
    packageId: item.packageId,
    credits: item.credits,
    amountCents: item.amountCents,
    currency: CURRENCY,
    nowIso: now.toISOString(),
  });
  try {
    const order = await provider.createOrder({
      paymentId,
      amount: { currency: CURRENCY, cents: item.amountCents },
      description: item.description,
      returnUrl: `${deps.config.appUrl}/pay/success`,
      cancelUrl: `${deps.config.appUrl}/pay/cancel`,
    });
    await setPaymentOrderId(deps.db, paymentId, order.orderId, deps.clock.now().toISOString());
    return {
      approval_url: order.approvalUrl,
      order_id: order.orderId,
      credits: item.credits,
      amount: centsToValue(item.amountCents),
      currency: CURRENCY,
    };
  } catch (error) {
    if (!(error instanceof ProviderError) && !(error instanceof ProviderUnavailableError)) throw error;
    const issue = error instanceof ProviderError ? (error.issue ?? 'CREATE_REFUSED') : 'PROVIDER_UNAVAILABLE';
    deps.logger.error({ paymentId, issue, reason: error.message }, 'PayPal order creation failed');
    await setUncreditedPaymentStatus(deps.db, paymentId, {
      status: 'failed',
      nowIso: deps.clock.now().toISOString(),
      lastIssue: issue,
    });
    throw new AppError(502, PAYMENT_MESSAGES.createFailed, 'payment_provider_error');
  }
}

/**
 * Captures the caller's order (the return page; both tabs of a double return): 200 COMPLETED with the credits
 * added by this call (0 when already processed), 202 PENDING, or the AppError of the outcome. Another user's
 * order is "not found".
 */
export async function captureUserPayment(
  deps: Deps,
  userId: string,
  orderId: string | undefined,
): Promise<{ httpStatus: 200 | 202; body: CaptureResponse }> {
  const payment = await findOwnPayment(deps, userId, orderId);
  const deadline = Date.now() + CONCURRENT_CAPTURE_WAIT_MS;
  let result: SettleResult = await settlePayment(deps, payment.id, 'capture');
  while (result.kind === 'busy' && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    result = await settlePayment(deps, payment.id, 'capture');
  }
  const credits = await getBalance(deps.db, userId, deps.clock.now());
  if (result.kind === 'completed') {
    return {
      httpStatus: 200,
      body: {
        status: 'COMPLETED',
        credits_added: result.creditsAdded,
        credits,
        credits_expire_at: result.creditsExpireAt ?? null,
      },
    };
  }
  if (result.kind === 'pending' || result.kind === 'busy') {
    return {
      httpStatus: 202,
      body: { status: 'PENDING', credits_added: 0, credits, credits_expire_at: null },
    };
  }
  throw settleError(result);
}

function settleError(result: Exclude<SettleResult, { kind: 'completed' | 'pending' | 'busy' }>): AppError {
  switch (result.kind) {
    case 'not_approved':
      return new AppError(
        409,
        PAYMENT_MESSAGES.notApproved(result.description || 'the payer has not approved the order yet.'),
        result.issue.toLowerCase(),
      );
    case 'declined':
      return new AppError(402, PAYMENT_MESSAGES.declined, result.issue.toLowerCase());
    case 'cancelled':
      return new AppError(409, PAYMENT_MESSAGES.cancelled, 'payment_cancelled');
    case 'expired':
      return new AppError(409, PAYMENT_MESSAGES.expired, 'payment_expired');
    case 'failed':
      return new AppError(409, PAYMENT_MESSAGES.unverified, 'payment_failed');
    case 'unavailable':
      return new AppError(503, PAYMENT_MESSAGES.providerUnavailable, 'payment_provider_unavailable', {
        'retry-after': '30',
      });
    case 'error':
      return new AppError(502, PAYMENT_MESSAGES.paymentFailed, 'payment_provider_error');
  }
}

/**
 * Cancels the caller's unpaid order, locally only (PayPal lets unapproved orders lapse); idempotent. A later
 * capture of it is refused, so no money moves.
 */
export async function cancelUserPayment(
  deps: Deps,
  userId: string,
  orderId: string | undefined,
): Promise<void> {
  const payment = await findOwnPayment(deps, userId, orderId);
  if (payment.creditedAt) throw new AppError(409, PAYMENT_MESSAGES.alreadyCompleted, 'payment_completed');
  if (payment.status === 'cancelled' || payment.status === 'expired' || payment.status === 'failed') return;
  const isCancelled = await setUncreditedPaymentStatus(deps.db, payment.id, {
    status: 'cancelled',
    nowIso: deps.clock.now().toISOString(),
    from: ['created', 'declined'],
  });
  if (!isCancelled) throw new AppError(409, PAYMENT_MESSAGES.processing, 'payment_processing');
}

async function findOwnPayment(deps: Deps, userId: string, orderId: string | undefined): Promise<Payment> {
  if (!orderId) throw badRequest(PAYMENT_MESSAGES.orderIdRequired, 'order_id_required');
  const payment = ORDER_ID_PATTERN.test(orderId)
    ? await findUserPaymentByOrderId(deps.db, userId, orderId)
    : undefined;
  if (!payment) throw notFound();
  return payment;
}
