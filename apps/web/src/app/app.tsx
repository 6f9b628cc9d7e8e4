import { BrowserRouter } from 'react-router';
import { AppProviders } from './providers.tsx';
import { AppRoutes } from './router.tsx';

export function App() {
  return (
    <AppProviders>
      {/* Plain (non-transition) updates keep navigation and session changes in one render, e.g. on logout. */}
      <BrowserRouter useTransitions={false}>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
