/**
 * The pure part of the load error state (./LoadError.tsx), kept free of
 * React and styles so it is unit tested in node.
 */

/** What a query result offers for a retry (TanStack Query's `UseQueryResult` fits). */
export interface Retryable {
  readonly isError: boolean;
  readonly isPending: boolean;
  readonly isFetching: boolean;
  readonly refetch: () => unknown;
}

/**
 * Whether the error state shows, given the queries and whether the reader
 * pressed 'Reintentar'. A query without data goes back to "pending" while
 * it is fetched again; during that retry the error state stays (its button
 * busy and focused) instead of flashing a spinner, until the data arrives
 * or the retry fails too.
 */
export function loadErrorState(queries: ReadonlyArray<Retryable>, retrying: boolean): { readonly show: boolean; readonly isRetrying: boolean } {
  const failed = queries.some((query) => query.isError);
  const retryInFlight = retrying && queries.some((query) => query.isPending);
  return { show: failed || retryInFlight, isRetrying: retrying && queries.some((query) => query.isFetching) };
}
