import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { mockApi } from '../../testing/mock-api.ts';
import { renderApp, TEST_USER } from '../../testing/render-app.tsx';

function signedInAs(role: 'user' | 'admin') {
  window.localStorage.setItem('threadcart.has-session', '1');
  mockApi({
    'GET /api/users/me/': [200, { user: { ...TEST_USER, role } }],
    'GET /api/search-queries/list/': [200, []],
    'GET /api/dashboard/stats/': [200, { total: 0, completed: 0, in_progress: 0, failed: 0, credits: 1000 }],
  });
}

describe('the operator console link', () => {
  test('shows for an administrator', async () => {
    signedInAs('admin');
    renderApp('/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
  });

  test('does not show for anyone else', async () => {
    signedInAs('user');
    renderApp('/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await within(nav).findByRole('link', { name: 'Account' });
    expect(within(nav).queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();
  });
});
