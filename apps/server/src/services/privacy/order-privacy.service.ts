import { randomBytes } from 'node:crypto';
import type { ScrubKind } from '@threadcart/contracts';
import { getOrCreatePrivacyKey } from '../../db/repositories/privacy/privacy-keys.repository.ts';
import type { OrderRow } from '../../db/tables/orders.tables.ts';
import type { Deps } from '../../deps.ts';
import { OrderPrivacy } from '../../exports/privacy/order-privacy.ts';

/** The privacy_keys row of a buyer's own pseudonym secret (pseudonyms stable across their orders). */
export const accountPseudonymKey = (userId: string) => `account:${userId}`;

/**
 * An order's privacy options, ready to transform its records: a per-order secret is made here and never stored (two
 * orders cannot be linked, nor a pseudonym reversed once the file is written); a per-account one is the buyer's own,
 * made on first use (docs/decisions/036).
 */
export async function orderPrivacyOf(deps: Deps, order: OrderRow): Promise<OrderPrivacy> {
  const scrub = order.scrub === null ? [] : (JSON.parse(order.scrub) as ScrubKind[]);
  if (order.authors !== 'pseudonymised') return new OrderPrivacy({ authors: order.authors, scrub });
  const secret =
    order.pseudonyms === 'per_account'
      ? await getOrCreatePrivacyKey(
          deps.db,
          accountPseudonymKey(order.user_id),
          deps.clock.now().toISOString(),
        )
      : randomBytes(32).toString('hex');
  return new OrderPrivacy({ authors: 'pseudonymised', secret, scrub });
}
