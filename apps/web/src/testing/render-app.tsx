import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation, type InitialEntry } from 'react-router';
import { AppProviders } from '../app/providers.tsx';
import { AppRoutes } from '../app/router.tsx';
import { createQueryClient } from '../lib/query-client.ts';

export const TEST_USER = {
  id: '0190a000-0000-7000-8000-000000000001',
  username: 'alice_1',
  email: 'alice@example.com',
  credits: 1000,
  date_joined: '2026-11-22T10:00:00.000Z',
};

/** The current location, exposed for assertions. */
export const currentLocation: { pathname: string; search: string; state: unknown } = {
  pathname: '',
  search: '',
  state: null,
};

function LocationProbe() {
  const location = useLocation();
  currentLocation.pathname = location.pathname;
  currentLocation.search = location.search;
  currentLocation.state = location.state;
  return null;
}

/** Renders the whole app (providers, routes, shell) at a path, with a fresh cache. */
export function renderApp(entry: InitialEntry = '/', { user = userEvent.setup() } = {}) {
  const queryClient = createQueryClient();
  const utils = render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[entry]}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...utils, user, queryClient };
}
