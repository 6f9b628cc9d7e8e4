import { screen, waitFor } from '@testing-library/react';
import { currentLocation, renderApp } from '../../../testing/render-app.tsx';
import { mockSignedIn } from '../test-utils.ts';

describe('Order completed page', { timeout: 20_000 }, () => {
  it('confirms the order, links to the dashboard and goes home', async () => {
    mockSignedIn();
    const { user } = renderApp('/order-completed');
    expect(
      await screen.findByRole('heading', { name: 'Order Requested Successfully!' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText(/placed and is being processed/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'dashboard' })).toHaveAttribute('href', '/dashboard');
    await user.click(screen.getByRole('link', { name: 'Go to Homepage' }));
    await waitFor(() => expect(currentLocation.pathname).toBe('/'));
  });
});

describe('Order completed page leads to the order (issue 33)', { timeout: 20_000 }, () => {
  it('links "View your order" to the order on the dashboard', async () => {
    mockSignedIn();
    renderApp({ pathname: '/order-completed', state: { orderId: 'abc-123' } });
    expect(await screen.findByRole('link', { name: 'View your order' }, { timeout: 10_000 })).toHaveAttribute(
      'href',
      '/dashboard?order=abc-123',
    );
  });
});
