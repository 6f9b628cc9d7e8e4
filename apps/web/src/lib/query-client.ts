import { QueryClient } from '@tanstack/react-query';
import { AxiosError } from 'axios';

/** The app's cache: one retry for server or network trouble, none for 4xx answers. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => {
          const status = error instanceof AxiosError ? error.response?.status : undefined;
          if (status !== undefined && status < 500) return false;
          return failureCount < 1;
        },
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
