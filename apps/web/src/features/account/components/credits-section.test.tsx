import { waitFor, within } from '@testing-library/react';
import type { AccountCreditLot } from '@threadcart/contracts';
import { ACCOUNT_UI_MESSAGES as M } from '../messages.ts';
import { ROUTES, accountApi, ledgerEntry, openAccount, section } from '../testing/account-api.ts';

const LOTS: AccountCreditLot[] = [
  {
    id: 'lot-1',
    source: 'signup_gift',
    credits_granted: 1000,
    credits_left: 300,
    expires_at: '2026-11-27T10:00:00.000Z',
    created_at: '2026-10-28T10:00:00.000Z',
    expires_soon: true,
  },
  {
    id: 'lot-2',
    source: 'purchase',
    credits_granted: 25000,
    credits_left: 25000,
    expires_at: '2027-01-20T10:00:00.000Z',
    created_at: '2026-11-20T10:00:00.000Z',
    expires_soon: false,
  },
];

it('shows each lot with source, granted, left and expiry; what expires within 7 days stands out', async () => {
  accountApi({
    [ROUTES.credits]: [200, { credits: 25300, lots: LOTS, expiring_soon_credits: 300 }],
  });
  await openAccount();
  const credits = within(section('Credits'));
  expect(await credits.findByTestId('account-balance')).toHaveTextContent('25,300 credits');
  expect(credits.getByText(M.expiringSoon('300'))).toBeInTheDocument();
  const [, gift, purchase] = within(credits.getByRole('table', { name: 'Credit lots' })).getAllByRole('row');
  expect(gift).toHaveTextContent('Sign-up gift');
  expect(gift).toHaveTextContent('1,000');
  expect(gift).toHaveTextContent('300');
  expect(gift).toHaveTextContent('Expires soon');
  expect(gift).toHaveAttribute('data-expires-soon', 'true');
  expect(gift).toHaveClass('bg-warning-subtle');
  expect(purchase).toHaveTextContent('Purchase');
  expect(purchase).toHaveTextContent('25,000');
  expect(purchase).not.toHaveTextContent('Expires soon');
  expect(purchase).not.toHaveAttribute('data-expires-soon');
  const expiry = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
  expect(purchase).toHaveTextContent(expiry.format(new Date(LOTS[1]!.expires_at)));
});

it('no warning when nothing expires soon', async () => {
  accountApi({ [ROUTES.credits]: [200, { credits: 25000, lots: [LOTS[1]], expiring_soon_credits: 0 }] });
  await openAccount();
  const credits = within(section('Credits'));
  await credits.findByTestId('account-balance');
  expect(credits.queryByText(/expire within 7 days/)).not.toBeInTheDocument();
});

it('pages through the ledger, newest first, with the kind, the order and the signed change', async () => {
  const pages: Record<string, unknown> = {
    '1': {
      entries: [
        ledgerEntry(1, { kind: 'release', delta: 40, order_title: 'Python posts' }),
        ledgerEntry(2, { kind: 'reserve', delta: -100, order_title: 'Python posts' }),
      ],
      page: 1,
      page_size: 2,
      total: 3,
    },
    '2': {
      entries: [ledgerEntry(3, { kind: 'grant', delta: 1000, order_title: null, reservation_id: null })],
      page: 2,
      page_size: 2,
      total: 3,
    },
  };
  const api = accountApi({
    [ROUTES.ledger]: (request) => [200, pages[String(request.config.params?.page ?? 1)]],
  });
  const { user } = await openAccount();
  const credits = within(section('Credits'));
  const history = await credits.findByRole('table', { name: 'Credit history' });
  const rows = within(history).getAllByRole('row');
  expect(rows[1]).toHaveTextContent('Returned after the order');
  expect(rows[1]).toHaveTextContent('+40');
  expect(rows[2]).toHaveTextContent('Reserved for an order');
  expect(rows[2]).toHaveTextContent('Python posts');
  expect(rows[2]).toHaveTextContent('-100');
  const pager = within(credits.getByRole('navigation', { name: 'Credit history pages' }));
  expect(pager.getByText('Page 1 of 2')).toBeInTheDocument();
  expect(pager.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await user.click(pager.getByRole('button', { name: 'Next' }));
  await waitFor(() => expect(pager.getByText('Page 2 of 2')).toBeInTheDocument());
  expect(credits.getByRole('table', { name: 'Credit history' })).toHaveTextContent('Credits added');
  expect(credits.getByRole('table', { name: 'Credit history' })).toHaveTextContent('+1,000');
  expect(pager.getByRole('button', { name: 'Next' })).toBeDisabled();
  expect(api.callsTo(ROUTES.ledger).map((call) => call.config.params)).toEqual([{ page: 1 }, { page: 2 }]);
});
