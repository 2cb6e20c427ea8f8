import { QueryClient } from '@tanstack/react-query';
import { ApiError, type ErrorCode } from './api';

/** Codes of a server that could not answer this time (and none: a proxy's 502, say). */
const RETRYABLE = new Set<ErrorCode | undefined>(['internal', 'database_unavailable', 'server_busy', 'server_shutting_down', undefined]);

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // Asking again helps only where the server could not answer (and after network blips): one more try.
      retry: (failures, error) => (!(error instanceof ApiError) || RETRYABLE.has(error.code)) && failures < 1,
      refetchOnWindowFocus: false,
    },
  },
});
