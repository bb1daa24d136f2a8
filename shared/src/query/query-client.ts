import { MutationCache, QueryCache, QueryClient, type Query, type QueryKey } from '@tanstack/react-query';
import { apiClient, api as pageApi, isApiError, reportError, store, type Endpoints, type FlowStatusFlags, type StepActions } from '@join/shared';
import { fetchFlowStatus, linkFlowStatus } from './flow-status';

/**
 * What a query or mutation may say about itself (`meta`): `errorSource` sends a failure that
 * is final (after the retries below) to the catalogue pop-up with that source; without it the
 * caller shows the failure itself (for example the review's inline "price failed").
 */
declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { errorSource?: string };
    /** errorActions: the step's own pop-up actions for a failed write (reset_transfer…), beside Retry. */
    mutationMeta: { errorSource?: string; errorActions?: StepActions };
  }
}

/** How many times a query is tried again after its first failure. */
export const QUERY_RETRIES = 2;

/**
 * Key domains the query layer never repeats: a payment call sent twice can charge twice.
 * Applied to every key that starts with the domain (`['payment', ...]`).
 */
export const NEVER_RETRIED_DOMAINS = ['payment'] as const;

/**
 * A failure worth trying again: the network (no HTTP status) or the server (5xx). Never a
 * 4xx, never an answer that carries an API error code (the server decided; asking again gets
 * the same answer), never anything that is not an ApiError (a bug, not a hiccup).
 */
export function isTransientFailure(error: unknown): boolean {
  if (!isApiError(error)) return false;
  if (error.code !== null) return false;
  return error.status === null || error.status >= 500;
}

/** The retry rule of every query in the page. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  return failureCount < QUERY_RETRIES && isTransientFailure(error);
}

/** 0.5 s, 1 s, 2 s … capped at 4 s: backs off so a struggling server is not hammered. */
export const retryDelay = (attempt: number): number => Math.min(500 * 2 ** attempt, 4000);

/**
 * The one QueryClient of the page. The host creates it (queryClient below) and provides it;
 * tests create their own. Mutations never retry: a repeated write (reserve, save, pay) is a
 * decision for the person, not the library.
 */
export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    // A final failure shown in the pop-up offers Retry (the error actions of the kernel): it asks
    // the same query again, or runs the same write again, now that the person decided to.
    queryCache: new QueryCache({
      onError: (error, query: Query<unknown, unknown, unknown, QueryKey>) => {
        const source = query.meta?.errorSource;
        if (!source) return;
        reportError(error, {
          source,
          actions: { retry: () => client.refetchQueries({ queryKey: query.queryKey, exact: true }) },
        });
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, variables, _ctx, mutation) => {
        const source = mutation.meta?.errorSource;
        if (!source) return;
        reportError(error, {
          source,
          // What MutationObserver.mutate does: a new mutation from the same options, same input.
          actions: {
            retry: async () => void (await client.getMutationCache().build(client, mutation.options).execute(variables).catch(() => undefined)),
            ...mutation.meta?.errorActions,
          },
        });
      },
    }),
    defaultOptions: {
      queries: {
        retry: shouldRetryQuery,
        retryDelay,
        // Prices and availability change on the server: cached answers are shown at once but
        // asked again after 30 s; a tab regaining focus does not refetch mid-form.
        staleTime: 30_000,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
  for (const domain of NEVER_RETRIED_DOMAINS) {
    client.setQueryDefaults([domain], { retry: false });
    client.setMutationDefaults([domain], { retry: false });
  }
  return client;
}

/** The page's client: one per page, shared with every step through the @join/shared singleton. */
export const queryClient: QueryClient = createQueryClient();
// The page's flow status: the page's writes feed it, the page's store mirrors it.
linkFlowStatus({ queryClient, store, api: pageApi, client: apiClient });

/**
 * Reads the flow status again into the store (start-up, and what changes with no write of this
 * page: a hold running out, an order becoming final) and returns its flags. Writes never need
 * it: their endpoints declare `changesFlow` (query/flow-status.ts). `api` answers instead of
 * the page's endpoints (tests).
 */
export function refreshFlowStatus(api?: Pick<Endpoints, 'getFlowStatus'>): Promise<FlowStatusFlags> {
  return fetchFlowStatus(queryClient, api === pageApi ? undefined : api);
}
