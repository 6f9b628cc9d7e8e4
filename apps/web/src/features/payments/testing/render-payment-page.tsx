import { render } from '@testing-library/react';
import { StrictMode, type ReactNode } from 'react';
import {
  MemoryRouter,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useSearchParams,
  type NavigateFunction,
} from 'react-router';
import { PaymentCancelPage } from '../components/payment-cancel-page.tsx';
import { PaymentSuccessPage } from '../components/payment-success-page.tsx';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../../../lib/query-client.ts';
import { SessionProvider } from '../../../lib/session.tsx';

/** Where the page sent the browser, and a way to go Back (to tell push from replace). */
export const probe: { pathname: string; search: string; state: unknown; navigate: NavigateFunction | null } =
  {
    pathname: '',
    search: '',
    state: null,
    navigate: null,
  };

function Probe() {
  const location = useLocation();
  probe.navigate = useNavigate();
  probe.pathname = location.pathname;
  probe.search = location.search;
  probe.state = location.state;
  return <p data-testid="elsewhere">{location.pathname}</p>;
}

/**
 * Renders one return page under StrictMode, without the app's guard, at `entry` after a /start entry, so tests see
 * where it goes and with which navigation state.
 */
export function renderPaymentPage(path: string, page: ReactNode, entry: string) {
  Object.assign(probe, { pathname: '', search: '', state: null, navigate: null });
  const queryClient = createQueryClient();
  const result = render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          <MemoryRouter initialEntries={['/start', entry]} initialIndex={1}>
            <Routes>
              <Route path={path} element={page} />
              <Route path="*" element={<Probe />} />
            </Routes>
          </MemoryRouter>
        </SessionProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
  return { ...result, queryClient };
}

/** The pages as the routes mount them: token from the query, keyed by it. */
export function SuccessRoute() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return <PaymentSuccessPage key={token ?? ''} token={token} />;
}

export function CancelRoute() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return <PaymentCancelPage key={token ?? ''} token={token} />;
}
