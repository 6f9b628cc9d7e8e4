import { screen, waitFor, within } from '@testing-library/react';
import { CREDIT_PACKAGES } from '@threadcart/contracts';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { redirectTo } from '../../../lib/browser.ts';
import { sessionHint } from '../../../lib/session.tsx';
import { deferred, mockApi, type MockHandler, type MockReply } from '../../../testing/mock-api.ts';
import { TEST_USER, currentLocation, renderApp } from '../../../testing/render-app.tsx';

vi.mock('../../../lib/browser.ts', () => ({ redirectTo: vi.fn() }));

const BUY = 'POST /api/paypal/buy-credits-packages/';
const signedIn = (routes: Record<string, MockHandler> = {}) => {
  sessionHint.set();
  return mockApi({ 'GET /api/users/me/': [200, { user: TEST_USER }], ...routes });
};
const buyButtons = () => screen.getAllByRole('button', { name: 'Buy Now' });

async function openPricing() {
  const rendered = renderApp('/pricing');
  await screen.findByRole('heading', { name: 'Simple, transparent pricing' }, { timeout: 10_000 });
  return rendered;
}

describe('pricing', () => {
  beforeEach(() => vi.mocked(redirectTo).mockClear());

  test('shows the packages of the server', async () => {
    const custom = { ...CREDIT_PACKAGES[0]!, name: 'Server Pack' };
    mockApi({
      'GET /api/credit-packages/': [200, { packages: [custom, CREDIT_PACKAGES[1], CREDIT_PACKAGES[2]] }],
    });
    await openPricing();
    expect(
      await screen.findByRole('heading', { name: 'Server Pack' }, { timeout: 3000 }),
    ).toBeInTheDocument();
  });

  test('falls back to the fixed packages when the endpoint is missing, with the five benefits', async () => {
    mockApi();
    await openPricing();
    for (const name of ['Starter Pack', 'Professional', 'Business']) {
      expect(screen.getByRole('heading', { name })).toBeInTheDocument();
    }
    expect(buyButtons()).toHaveLength(3);
    expect(screen.getByText('Most Popular')).toBeInTheDocument();
    const benefits = screen.getByRole('region', { name: 'Why Choose Credit-Based Pricing' });
    for (const benefit of [
      'Pay As You Go',
      'Instant Access',
      'Cost Effective',
      'Flexible Usage',
      'No Surprises',
    ]) {
      expect(within(benefits).getByRole('heading', { name: benefit })).toBeInTheDocument();
    }
  });

  test('Buy Now re-checks the session, posts the package and goes to the approval URL', async () => {
    const reply = deferred<MockReply>();
    const api = signedIn({ [BUY]: async () => reply.promise });
    const { user } = await openPricing();
    await screen.findByRole('button', { name: 'Logout' });
    const meCalls = api.callsTo('GET /api/users/me/').length;
    await user.click(buyButtons()[1]!);
    const processing = await screen.findByRole('button', { name: 'Processing...' });
    expect(processing).toBeDisabled();
    buyButtons().forEach((button) => expect(button).toBeDisabled());
    expect(api.callsTo('GET /api/users/me/').length).toBe(meCalls + 1);
    await waitFor(() => expect(api.callsTo(BUY)).toHaveLength(1));
    expect(api.callsTo(BUY)[0]?.data).toEqual({ package_id: 2 });
    expect(api.callsTo(BUY)[0]?.headers['X-CSRFToken']).toBe('test-csrf-token');
    reply.resolve([
      201,
      { approval_url: 'https://www.sandbox.paypal.com/checkoutnow?token=O-1', order_id: 'O-1' },
    ]);
    await waitFor(() =>
      expect(redirectTo).toHaveBeenCalledWith('https://www.sandbox.paypal.com/checkoutnow?token=O-1'),
    );
  });

  test('a visitor is sent to /login with "Please log in to purchase credits"', async () => {
    const api = mockApi();
    const { user } = await openPricing();
    await user.click(buyButtons()[0]!);
    expect(await screen.findByText('Please log in to purchase credits')).toBeInTheDocument();
    expect(currentLocation.pathname).toBe('/login');
    expect(api.callsTo(BUY)).toHaveLength(0);
  });

  test('a 401 from the purchase sends the user to /login with "Your session has expired. Please log in again."', async () => {
    signedIn({ [BUY]: [401, { detail: 'Token is invalid or expired.' }] });
    const { user } = await openPricing();
    await screen.findByRole('button', { name: 'Logout' });
    await user.click(buyButtons()[0]!);
    expect(await screen.findByText('Your session has expired. Please log in again.')).toBeInTheDocument();
    expect(currentLocation.pathname).toBe('/login');
  });

  test.each([
    [[201, { order_id: 'O-1' }], 'No approval URL received from server.'],
    [[400, { detail: 'Unknown package.' }], 'Unknown package.'],
    [[502, {}], 'Failed to process payment. Please try again.'],
    ['network-error', 'Unable to connect to the server. Please check your internet connection.'],
  ] as Array<[MockReply, string]>)('shows an error toast for %j', async (reply, message) => {
    signedIn({ [BUY]: reply });
    const { user } = await openPricing();
    await screen.findByRole('button', { name: 'Logout' });
    await user.click(buyButtons()[2]!);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(buyButtons()[2]).toBeEnabled();
    expect(redirectTo).not.toHaveBeenCalled();
  });

  test('anything else shows "An unexpected error occurred. Please try again."', async () => {
    signedIn({
      [BUY]: () => {
        throw new TypeError('bad');
      },
    });
    const { user } = await openPricing();
    await screen.findByRole('button', { name: 'Logout' });
    await user.click(buyButtons()[0]!);
    expect(await screen.findByText('An unexpected error occurred. Please try again.')).toBeInTheDocument();
  });
});
