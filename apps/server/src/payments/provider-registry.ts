import type { Config } from '../config.ts';
import { PayPalRestProvider } from './paypal-provider.ts';
import type { PaymentProvider } from './provider.ts';

/** Where the simulated PayPal is mounted in the app. */
export const SIMULATOR_PREFIX = '/sim/paypal';

/** The simulator's fixed credentials: not secrets, it only ever accepts these. */
export const SIMULATOR_CREDENTIALS = {
  clientId: 'threadcart-simulator',
  clientSecret: 'threadcart-simulator-secret',
  webhookId: 'WH-THREADCART-SIMULATOR',
} as const;

/** True when the embedded simulated PayPal is the provider (no PAYPAL_CLIENT_ID). */
export function isPaymentsSimulated(config: Config): boolean {
  return !config.paypal.clientId;
}

/**
 * Throws when the payment configuration must not run: PayPal credentials half set, or the simulator with
 * NODE_ENV=production without PAYMENTS_SIMULATOR=allow (docs/product.md §5.6).
 */
export function assertPaymentsConfig(config: Config): void {
  if (config.paypal.clientId && !config.paypal.clientSecret) {
    throw new Error('PAYPAL_CLIENT_SECRET is required when PAYPAL_CLIENT_ID is set');
  }
  if (isPaymentsSimulated(config) && !config.paypal.simulatorAllowed) {
    throw new Error(
      'The simulated PayPal refuses to run with NODE_ENV=production: set PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET, ' +
        'or PAYMENTS_SIMULATOR=allow for a demo',
    );
  }
}

const providers = new WeakMap<Config, PaymentProvider>();

/**
 * The provider for a configuration, one per configuration so its OAuth token cache is shared. Real credentials
 * talk to PAYPAL_BASE_URL; without them the same adapter talks over HTTP to the simulator mounted in this server.
 */
export function paymentProviderFor(config: Config): PaymentProvider {
  const existing = providers.get(config);
  if (existing) return existing;
  assertPaymentsConfig(config);
  const provider = isPaymentsSimulated(config)
    ? new PayPalRestProvider({
        name: 'simulated',
        baseUrl: `${config.http.internalUrl}${SIMULATOR_PREFIX}`,
        ...SIMULATOR_CREDENTIALS,
        approvalOrigins: [new URL(config.appUrl).origin],
      })
    : new PayPalRestProvider({
        name: 'paypal',
        baseUrl: config.paypal.baseUrl,
        clientId: config.paypal.clientId!,
        clientSecret: config.paypal.clientSecret!,
        webhookId: config.paypal.webhookId,
        // A base URL other than PayPal's own (a self-hosted fake) is trusted for its approval links too.
        approvalOrigins: isPayPalHost(config.paypal.baseUrl) ? [] : [new URL(config.paypal.baseUrl).origin],
      });
  providers.set(config, provider);
  return provider;
}

function isPayPalHost(baseUrl: string): boolean {
  const host = new URL(baseUrl).hostname;
  return host === 'paypal.com' || host.endsWith('.paypal.com');
}
