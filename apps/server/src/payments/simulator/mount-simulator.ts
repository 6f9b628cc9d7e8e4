import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import {
  assertPaymentsConfig,
  isPaymentsSimulated,
  SIMULATOR_CREDENTIALS,
  SIMULATOR_PREFIX,
} from '../provider-registry.ts';
import { paypalSimulatorPlugin } from './sim-plugin.ts';
import { PayPalSimulator } from './sim-state.ts';
import { SimWebhooks } from './sim-webhooks.ts';

/**
 * Mounts the simulated PayPal under /sim/paypal when no PAYPAL_CLIENT_ID is set (the embedded default); throws,
 * so the server does not start, when that would happen with NODE_ENV=production without PAYMENTS_SIMULATOR=allow.
 */
export async function mountPaymentsSimulator(app: FastifyInstance, deps: Deps): Promise<void> {
  assertPaymentsConfig(deps.config);
  if (!isPaymentsSimulated(deps.config)) return;
  if (deps.config.env === 'production') {
    deps.logger.warn(
      'PAYMENTS_SIMULATOR=allow: the simulated PayPal takes payments and no real money is moved',
    );
  }
  const sim = new PayPalSimulator({
    ...SIMULATOR_CREDENTIALS,
    publicUrl: () => `${deps.config.appUrl}${SIMULATOR_PREFIX}`,
  });
  await app.register(
    paypalSimulatorPlugin({
      sim,
      webhooks: new SimWebhooks(sim),
      webhookUrl: `${deps.config.http.internalUrl}/api/paypal/webhook/`,
    }),
    { prefix: SIMULATOR_PREFIX },
  );
}
