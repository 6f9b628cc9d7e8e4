import { screen, within } from '@testing-library/react';
import type { PaymentReceipt } from '@threadcart/contracts';
import { currentLocation, renderApp } from '../../../testing/render-app.tsx';
import { ACCOUNT_UI_MESSAGES as M } from '../messages.ts';
import { PAYMENT, ROUTES, accountApi, openAccount, section } from '../testing/account-api.ts';

const CUSTOM = {
  ...PAYMENT,
  id: 'pay-2',
  created_at: '2026-11-22T09:00:00.000Z',
  kind: 'custom' as const,
  package_id: null,
  package_name: null,
  credits: 1500,
  amount_cents: 150,
  amount: '1.50',
  paypal_capture_id: null,
  paypal_order_id: 'ORDER-2',
  state: 'pending' as const,
  credited_at: null,
};

const RECEIPT: PaymentReceipt = {
  ...PAYMENT,
  state: 'partially_refunded',
  receipt_number: PAYMENT.id,
  billed_to: { username: 'alice_1', name: 'Alice Example', email: 'alice@example.com' },
  description: 'Professional: 25,000 credits',
  refunds: [
    {
      kind: 'refund',
      created_at: '2026-11-23T09:00:00.000Z',
      amount_cents: 500,
      amount: '5.00',
      credits_taken: 6250,
    },
  ],
  refunded_cents: 500,
};

it('lists each payment with date, package or custom amount, credits, amount, PayPal id, state and a receipt', async () => {
  accountApi({ [ROUTES.payments]: [200, { payments: [CUSTOM, PAYMENT] }] });
  await openAccount();
  const table = within(await within(section('Payments')).findByRole('table', { name: 'Payments' }));
  const [, customRow, packageRow] = table.getAllByRole('row');
  expect(customRow).toHaveTextContent(M.customAmount);
  expect(customRow).toHaveTextContent('1,500');
  expect(customRow).toHaveTextContent('$1.50');
  expect(customRow).toHaveTextContent('ORDER-2');
  expect(customRow).toHaveTextContent('Pending');
  expect(packageRow).toHaveTextContent('Professional');
  expect(packageRow).toHaveTextContent('25,000');
  expect(packageRow).toHaveTextContent('$20.00');
  expect(packageRow).toHaveTextContent('3C679366HH908993F');
  expect(packageRow).toHaveTextContent('Captured');
  expect(packageRow).toHaveTextContent(new Date(PAYMENT.created_at).toLocaleString());
  expect(within(packageRow!).getByRole('link', { name: /Receipt/ })).toHaveAttribute(
    'href',
    `/account/payments/${PAYMENT.id}`,
  );
});

it('says when there are no payments', async () => {
  accountApi();
  await openAccount();
  expect(await within(section('Payments')).findByText(M.noPayments)).toBeInTheDocument();
});

it('the receipt page shows the bill, the refund and the total, and prints', async () => {
  accountApi({ [ROUTES.payment(PAYMENT.id)]: [200, RECEIPT] });
  const print = vi.spyOn(window, 'print').mockImplementation(() => {});
  const { user } = renderApp(`/account/payments/${PAYMENT.id}`);
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Receipt' }, { timeout: 10_000 }),
  ).toBeVisible();
  expect(screen.getByText(`No. ${PAYMENT.id}`)).toBeInTheDocument();
  expect(screen.getByText('Alice Example · alice_1 · alice@example.com')).toBeInTheDocument();
  expect(screen.getByText('Professional: 25,000 credits')).toBeInTheDocument();
  expect(screen.getByText('5O190127TN364715T')).toBeInTheDocument();
  expect(screen.getByText('Partially refunded')).toBeInTheDocument();
  expect(screen.getByText('-6,250')).toBeInTheDocument();
  expect(screen.getByTestId('receipt-total')).toHaveTextContent('$15.00');
  expect(screen.getByText('Total paid after refunds')).toBeInTheDocument();
  expect(document.title).toBe('Receipt | Threadcart');
  await user.click(screen.getByRole('button', { name: 'Print receipt' }));
  expect(print).toHaveBeenCalledOnce();
  await user.click(screen.getByRole('link', { name: /Back to your account/ }));
  expect(currentLocation.pathname).toBe('/account');
});

it('another user’s payment (a 404) reads as not found', async () => {
  accountApi();
  renderApp('/account/payments/someone-else');
  expect(await screen.findByText(M.receiptNotFound, {}, { timeout: 10_000 })).toBeInTheDocument();
});
