import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { isApiError } from "../lib/api-error.ts";
import { toastApiError } from "../lib/toast.ts";

const MAX_RETRIES = 2;

/** Client errors (4xx) will not change on retry; network and 5xx errors may. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

/**
 * Failed queries toast their mapped message (spec section 8) unless the query
 * sets `meta: { silent: true }` (e.g. the subscription fetch, which only logs).
 * Mutations handle their own errors where they are called.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.["silent"] === true) return;
        toastApiError(error);
      },
    }),
    mutationCache: new MutationCache(),
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        retry: shouldRetry,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
