import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { sessionHint } from '../../lib/session.tsx';
import { mockApi, type MockReply } from '../../testing/mock-api.ts';
import { TEST_USER, currentLocation, renderApp } from '../../testing/render-app.tsx';

const signedIn = (user: object = TEST_USER) => {
  sessionHint.set();
  return { 'GET /api/users/me/': [200, { user }] as MockReply };
};
const mainNav = () => screen.getByRole('navigation', { name: 'Main' });

describe('top navigation', () => {
  test('signed out: Home, Pricing, Log in and Sign up; Home is active on / and /home', async () => {
    mockApi();
    renderApp('/');
    await screen.findByRole('heading', { name: 'Unlock Reddit Data at Scale' }, { timeout: 5000 });
    const nav = mainNav();
    expect(within(nav).getByRole('link', { name: 'Threadcart' })).toHaveAttribute('href', '/home');
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Pricing' })).not.toHaveAttribute('aria-current');
    expect(within(nav).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(within(nav).getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
    expect(within(nav).queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
  });

  test('signed in: Dashboard (active for any /dashboard path), the credits badge and Logout', async () => {
    mockApi(signedIn({ ...TEST_USER, credits: 25000 }));
    renderApp('/dashboard/orders/7');
    const nav = mainNav();
    expect(await within(nav).findByRole('link', { name: '25,000 credits' })).toHaveAttribute(
      'href',
      '/credits',
    );
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
    expect(within(nav).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
  });

  test('the credits badge is hidden when credits are unavailable', async () => {
    const { credits: _credits, ...withoutCredits } = TEST_USER;
    mockApi(signedIn(withoutCredits));
    renderApp('/pricing');
    expect(await within(mainNav()).findByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(within(mainNav()).queryByRole('link', { name: /credits/ })).not.toBeInTheDocument();
  });

  test('is not shown on /login and /signup', async () => {
    mockApi();
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Log in' });
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  test('the mobile menu opens the same links in a panel that closes on navigation', async () => {
    mockApi();
    const { user } = renderApp('/home');
    await screen.findByRole('heading', { name: 'Unlock Reddit Data at Scale' });
    const toggle = screen.getByRole('button', { name: 'Open main menu' });
    const panel = document.getElementById('mobile-menu')!;
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(panel).not.toBeVisible();
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Close main menu' })).toHaveAttribute('aria-expanded', 'true');
    expect(panel).toBeVisible();
    expect(within(panel).getByRole('link', { name: 'Sign up' })).toBeInTheDocument();
    await user.click(within(panel).getByRole('link', { name: 'Pricing' }));
    expect(currentLocation.pathname).toBe('/pricing');
    await waitFor(() => expect(panel).not.toBeVisible());
  });

  test('Escape closes the mobile menu', async () => {
    mockApi();
    const { user } = renderApp('/home');
    await user.click(await screen.findByRole('button', { name: 'Open main menu' }));
    await user.keyboard('{Escape}');
    expect(document.getElementById('mobile-menu')).not.toBeVisible();
  });
});

describe('footer', () => {
  test('has every link and the current year', async () => {
    mockApi();
    renderApp('/terms');
    const footer = await screen.findByRole('contentinfo');
    const hrefs = Object.fromEntries(
      within(footer)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    );
    expect(hrefs).toMatchObject({
      Home: '/home',
      Pricing: '/pricing',
      Features: '/features',
      'About Us': '/about',
      'Privacy Policy': '/privacy',
      'Terms of Service': '/terms',
      'Refund Policy': '/refund',
      Instagram: expect.stringContaining('instagram.com'),
      Reddit: expect.stringContaining('reddit.com'),
      'support@threadcart.app': 'mailto:support@threadcart.app',
    });
    expect(
      within(footer).getByText(`© ${new Date().getFullYear()} Threadcart. All rights reserved.`),
    ).toBeInTheDocument();
    expect(
      within(footer).getByText(/The ultimate tool for analytics and engagement on Reddit/),
    ).toBeInTheDocument();
  });

  test("the footer's Refund Policy link opens its page (issue 33: no longer a fall-through to /home)", async () => {
    mockApi();
    const { user } = renderApp('/pricing');
    const footer = await screen.findByRole('contentinfo');
    await user.click(within(footer).getByRole('link', { name: 'Refund Policy' }));
    expect(await screen.findByRole('heading', { name: 'Refund Policy', level: 1 })).toBeInTheDocument();
    expect(currentLocation.pathname).toBe('/refund');
  });
});

describe('success banner', () => {
  test('shows the state message at the top, clears the state, and disappears after 5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockApi();
    renderApp({
      pathname: '/pricing',
      state: { message: 'Payment cancelled successfully.', from: { pathname: '/x' } },
    });
    const banner = await screen.findByText('Payment cancelled successfully.');
    expect(banner).toHaveAttribute('role', 'status');
    await waitFor(() => expect(currentLocation.state).toEqual({ from: { pathname: '/x' } }));
    await act(() => vi.advanceTimersByTimeAsync(4900));
    expect(screen.getByText('Payment cancelled successfully.')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(screen.queryByText('Payment cancelled successfully.')).not.toBeInTheDocument();
  });

  test('an error-type message is shown as an alert', async () => {
    mockApi();
    renderApp({ pathname: '/home', state: { message: 'Something failed.', messageType: 'error' } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Something failed.');
    await waitFor(() => expect(currentLocation.state).toBeNull());
  });
});

describe('page views', () => {
  test('one first-party page view per route change, with path, query and title', async () => {
    const api = mockApi();
    const { user } = renderApp('/home?ref=ad');
    await screen.findByRole('heading', { name: 'Unlock Reddit Data at Scale' });
    await waitFor(() => expect(api.callsTo('POST /api/analytics/pageview/')).toHaveLength(1));
    expect(api.callsTo('POST /api/analytics/pageview/')[0]?.data).toEqual({
      path: '/home?ref=ad',
      title: 'Threadcart: Unlock Reddit Data at Scale',
    });
    expect(document.title).toBe('Threadcart: Unlock Reddit Data at Scale');
    await user.click(within(mainNav()).getByRole('link', { name: 'Pricing' }));
    await waitFor(() => expect(api.callsTo('POST /api/analytics/pageview/')).toHaveLength(2));
    expect(api.callsTo('POST /api/analytics/pageview/')[1]?.data).toEqual({
      path: '/pricing',
      title: 'Pricing | Threadcart',
    });
    expect(api.callsTo('POST /api/analytics/pageview/')[1]?.headers['X-CSRFToken']).toBeUndefined();
  });

  test('clearing a banner message from the state is not a new page view', async () => {
    const api = mockApi();
    renderApp({ pathname: '/login', state: { message: 'You have been logged out.' } });
    await screen.findByText('You have been logged out.');
    await waitFor(() => expect(currentLocation.state).toBeNull());
    expect(api.callsTo('POST /api/analytics/pageview/')).toHaveLength(1);
  });
});

describe('shell and theme (issue 33)', () => {
  test('the signed-in app has the slim footer; the public site keeps the marketing one', async () => {
    mockApi(signedIn());
    renderApp('/account');
    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Refund Policy' })).toHaveAttribute('href', '/refund');
    expect(within(footer).queryByText('Quick Links')).not.toBeInTheDocument();
    expect(within(footer).queryByText('Instagram')).not.toBeInTheDocument();
  });

  test('the toggle switches the theme on <html> and remembers the choice', async () => {
    mockApi();
    document.documentElement.setAttribute('data-theme', 'light');
    const { user } = renderApp('/pricing');
    await user.click(await screen.findByRole('button', { name: 'Switch to dark theme' }));
    expect(document.documentElement).toHaveAttribute('data-theme', 'dark');
    expect(window.localStorage.getItem('threadcart-theme')).toBe('dark');
    await user.click(screen.getByRole('button', { name: 'Switch to light theme' }));
    expect(document.documentElement).toHaveAttribute('data-theme', 'light');
    expect(window.localStorage.getItem('threadcart-theme')).toBe('light');
    window.localStorage.removeItem('threadcart-theme');
  });
});
