import type { SimCapture, SimOrder } from './sim-types.ts';

/** An order in PayPal's wire format (the full representation), its links under the simulator's base URL. */
export function orderJson(order: SimOrder, base: string): Record<string, unknown> {
  const self = `${base}/v2/checkout/orders/${order.id}`;
  const links: { href: string; rel: string; method: string }[] = [{ href: self, rel: 'self', method: 'GET' }];
  if (order.status !== 'COMPLETED') {
    const rel = order.isLegacy ? 'approve' : 'payer-action';
    links.push({ href: `${base}/checkoutnow?token=${order.id}`, rel, method: 'GET' });
  }
  if (order.status === 'APPROVED') links.push({ href: `${self}/capture`, rel: 'capture', method: 'POST' });
  const payments = order.captures.length
    ? { payments: { captures: order.captures.map((c) => captureJson(c, order, base)) } }
    : {};
  return {
    id: order.id,
    intent: 'CAPTURE',
    status: order.status,
    create_time: order.createTime,
    ...(order.payerId
      ? { payment_source: { paypal: { account_id: order.payerId, email_address: 'buyer@example.com' } } }
      : {}),
    purchase_units: [{ ...order.unit, ...payments }],
    links,
  };
}

/** A capture in PayPal's wire format, with the order it belongs to in supplementary_data and its `up` link. */
export function captureJson(capture: SimCapture, order: SimOrder, base: string): Record<string, unknown> {
  const { refunds: _refunds, ...fields } = capture;
  return {
    ...fields,
    final_capture: true,
    supplementary_data: { related_ids: { order_id: order.id } },
    links: [
      { href: `${base}/v2/payments/captures/${capture.id}`, rel: 'self', method: 'GET' },
      { href: `${base}/v2/payments/captures/${capture.id}/refund`, rel: 'refund', method: 'POST' },
      { href: `${base}/v2/checkout/orders/${order.id}`, rel: 'up', method: 'GET' },
    ],
  };
}
