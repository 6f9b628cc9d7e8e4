import type { SimOrder } from './sim-types.ts';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const STYLE = `
body{font-family:system-ui,sans-serif;background:#f5f7fa;margin:0;color:#1a202c}
main{max-width:28rem;margin:3rem auto;background:#fff;border-radius:12px;padding:2rem;box-shadow:0 2px 12px #0002}
.banner{background:#fff4d6;border:1px solid #f0c36d;border-radius:8px;padding:.6rem .8rem;font-size:.9rem}
h1{font-size:1.3rem;margin:1.2rem 0 .3rem}.amount{font-size:2rem;font-weight:700;margin:.6rem 0}
.actions{display:flex;flex-direction:column;gap:.6rem;margin-top:1.5rem}form{margin:0}
button{width:100%;padding:.75rem;border-radius:999px;border:1px solid #0070ba;font-size:1rem;cursor:pointer}
.approve{background:#0070ba;color:#fff}.cancel{background:#fff;color:#0070ba}.decline{background:#fff;color:#b42318;border-color:#b42318}
`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

function actionForm(action: string, order: SimOrder, label: string, hint: string): string {
  return `<form method="get" action="checkoutnow/${action}"><input type="hidden" name="token" value="${escapeHtml(order.id)}"><input type="hidden" name="nonce" value="${escapeHtml(order.nonce)}"><button type="submit" class="${action}" title="${escapeHtml(hint)}">${label}</button></form>`;
}

/** The simulated approval page: amount, description, and the payer's three choices. */
export function renderApprovalPage(order: SimOrder): string {
  const { value, currency_code } = order.unit.amount;
  const amount = currency_code === 'USD' ? `$${value} USD` : `${value} ${currency_code}`;
  return page(
    'Simulated PayPal',
    `<p class="banner" role="note">Simulated PayPal — no real money is moved.</p>
<h1>Pay Threadcart</h1>
<p class="description">${escapeHtml(order.unit.description ?? 'Threadcart credits')}</p>
<p class="amount" data-testid="sim-amount">${escapeHtml(amount)}</p>
<div class="actions">
${actionForm('approve', order, 'Approve', 'Approve the payment and return to Threadcart')}
${actionForm('cancel', order, 'Cancel', 'Cancel and return to Threadcart')}
${actionForm('decline', order, 'Decline', 'Pay with a card that the bank declines')}
</div>`,
  );
}

/** The page for an order that cannot be approved (unknown or already paid). */
export function renderUnavailablePage(): string {
  return page(
    'Simulated PayPal',
    '<p class="banner" role="note">Simulated PayPal — no real money is moved.</p><h1>This payment can no longer be approved.</h1><p>Return to Threadcart and start a new purchase.</p>',
  );
}

/** The return or cancel URL with PayPal's query parameters appended (`&` when it already has a query). */
export function redirectTarget(base: string, params: Record<string, string>): string {
  const url = new URL(base);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}
