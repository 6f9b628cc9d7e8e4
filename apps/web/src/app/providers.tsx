import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from 'react-hot-toast';
import { ReauthDialog } from '../features/auth/components/reauth-dialog.tsx';
import { queryClient as defaultQueryClient } from '../lib/query-client.ts';
import { SessionProvider } from '../lib/session.tsx';

/** Toasts at the top right: success 3 s, error 5 s (docs/product.md §10.16). */
export const TOASTER_OPTIONS = {
  position: 'top-right',
  toastOptions: { success: { duration: 3000 }, error: { duration: 5000 } },
} as const;

export function AppProviders({
  children,
  queryClient = defaultQueryClient,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>{children}</SessionProvider>
      <ReauthDialog />
      <Toaster {...TOASTER_OPTIONS} />
    </QueryClientProvider>
  );
}
