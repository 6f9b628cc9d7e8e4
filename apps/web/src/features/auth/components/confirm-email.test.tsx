import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { mockApi } from '../../../testing/mock-api.ts';
import { renderApp, TEST_USER } from '../../../testing/render-app.tsx';

const GIFT = 'Your e-mail address is confirmed. Your 1,000 free credits are in your account.';
const INVALID = 'This confirmation link is invalid or has expired.';

describe('confirm e-mail page', () => {
  test('sends the token once and shows the answer, then offers to log in', async () => {
    const api = mockApi({ 'POST /api/auth/confirm-email/': [200, { detail: GIFT, purpose: 'signup' }] });
    renderApp('/confirm-email?token=tok123');
    expect(await screen.findByText(GIFT)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in to your account' })).toHaveAttribute('href', '/login');
    expect(api.callsTo('POST /api/auth/confirm-email/')).toHaveLength(1);
    expect(api.callsTo('POST /api/auth/confirm-email/')[0]?.data).toEqual({ token: 'tok123' });
  });

  test('shows the server’s refusal, and an invalid link without a token', async () => {
    mockApi({ 'POST /api/auth/confirm-email/': [400, { detail: INVALID, code: 'invalid_link' }] });
    renderApp('/confirm-email?token=used');
    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID);
  });

  test('without a token nothing is sent', async () => {
    const api = mockApi();
    renderApp('/confirm-email');
    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID);
    expect(api.callsTo('POST /api/auth/confirm-email/')).toHaveLength(0);
  });
});

describe('the dashboard before the address is confirmed', () => {
  const unconfirmed = {
    ...TEST_USER,
    credits: 0,
    email_confirmed: false,
    pending_email: null,
    name: 'Alice',
  };
  const routes = {
    'GET /api/search-queries/list/': [200, []] as const,
    'GET /api/dashboard/stats/': [
      200,
      { total: 0, completed: 0, in_progress: 0, failed: 0, credits: 0 },
    ] as const,
  };

  test('says how to get the gift and sends the link again', async () => {
    window.localStorage.setItem('threadcart.has-session', '1');
    const api = mockApi({
      ...routes,
      'GET /api/users/me/': [200, { user: unconfirmed }],
      'POST /api/auth/confirm-email/resend/': [
        200,
        { detail: 'We sent a new confirmation link to alice@example.com.' },
      ],
    });
    const { user } = renderApp('/dashboard');
    expect(
      await screen.findByText(
        'Confirm your e-mail address to receive your 1,000 free credits: open the link we sent to alice@example.com.',
        {},
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(
      await screen.findByText('We sent a new confirmation link to alice@example.com.'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/confirm-email/resend/')).toHaveLength(1);
  });

  test('shows nothing once the address is confirmed', async () => {
    window.localStorage.setItem('threadcart.has-session', '1');
    mockApi({ ...routes, 'GET /api/users/me/': [200, { user: { ...unconfirmed, email_confirmed: true } }] });
    renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'My Orders' }, { timeout: 10_000 });
    expect(screen.queryByRole('button', { name: 'Send the link again' })).not.toBeInTheDocument();
  });
});
