import type { QueryClient } from '@tanstack/react-query';
import { applyFlowStatus, flowFlagsAtom, FlowStatusResponse, type ApiClient, type Endpoints, type FlowStatusFlags, type Store } from '@join/shared';

/**
 * The flow status (GET /me/flow_status: the flags and the flow context) is one query of the
 * page's QueryClient, and the only way the client's flags change:
 *
 * - every write that changes the flow says so on its endpoint (`changesFlow` in the domain
 *   contracts' endpoint functions); the API client hands its answer here before the write
 *   resolves. An answer that carries the flags (POST /me/flow_status, /me/flow_back...) becomes the
 *   query's data; any other answer (or a refusal) invalidates the query and waits for it to be
 *   asked again. A step awaiting its write then reads current flags, and an outcome it announces
 *   after that is routed by them: no step refreshes anything itself;
 * - the store's flag and flow-context atoms mirror the query's data (one source of truth), so the
 *   guards, the stepper and the cart read what the query last answered;
 * - a wiped session (logout, an ended session) drops the query with the flags.
 *
 * Reads that are not writes (start-up, a hold that ran out, an order that became final, the
 * pop-up's "get status") ask the same query again with refreshFlowStatus.
 */
export const FLOW_STATUS_QUERY_KEY = ['flow-status'] as const;

const isFlowStatusKey = (key: readonly unknown[]): boolean => key.length === 1 && key[0] === FLOW_STATUS_QUERY_KEY[0];

export interface FlowStatusLink {
  queryClient: QueryClient;
  store: Store;
  api: Pick<Endpoints, 'getFlowStatus'>;
  client: Pick<ApiClient, 'onFlowChange'>;
}

/**
 * Makes the query the flow status of `store`, fed by the writes of `client`. The page's kernel
 * links its own four once (query-client.ts); tests link their own. Returns the unlink.
 */
export function linkFlowStatus({ queryClient, store, api, client }: FlowStatusLink): () => void {
  // Asked once per read, as before it was a query (a write's answer is final, not retried), and
  // kept for the page's life: nothing observes it, the store does.
  queryClient.setQueryDefaults(FLOW_STATUS_QUERY_KEY, { queryFn: () => api.getFlowStatus(), retry: false, gcTime: Infinity });
  const stopMirror = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || !isFlowStatusKey(event.query.queryKey)) return;
    applyFlowStatus(event.query.state.data as FlowStatusResponse, store);
  });
  const stopWipe = store.sub(flowFlagsAtom, () => {
    if (store.get(flowFlagsAtom) === null) queryClient.removeQueries({ queryKey: FLOW_STATUS_QUERY_KEY, exact: true });
  });
  const stopWrites = client.onFlowChange((answer) => flowChanged(queryClient, answer));
  return () => {
    stopMirror();
    stopWipe();
    stopWrites();
  };
}

/**
 * A write changed the flow. Flags in its answer are taken as they are (a fetch that started
 * before the write is cancelled, its answer is older); otherwise the query is asked again, a
 * running fetch restarted for the same reason. A failed fetch leaves the flags as they were and
 * the query invalidated: the write itself succeeded, and the next read asks again.
 */
export async function flowChanged(queryClient: QueryClient, answer: unknown): Promise<void> {
  const carried = FlowStatusResponse.safeParse(answer);
  if (carried.success) {
    await queryClient.cancelQueries({ queryKey: FLOW_STATUS_QUERY_KEY, exact: true });
    queryClient.setQueryData(FLOW_STATUS_QUERY_KEY, carried.data);
    return;
  }
  if (queryClient.getQueryState(FLOW_STATUS_QUERY_KEY)) {
    await queryClient.invalidateQueries({ queryKey: FLOW_STATUS_QUERY_KEY, exact: true, refetchType: 'all' });
  } else {
    await queryClient.prefetchQuery({ queryKey: FLOW_STATUS_QUERY_KEY });
  }
}

/**
 * Asks the flow status again (a read, not after a write of this page) and returns its flags. A
 * fetch already running is joined. `api` answers instead of the page's endpoints (tests).
 */
export async function fetchFlowStatus(queryClient: QueryClient, api?: Pick<Endpoints, 'getFlowStatus'>): Promise<FlowStatusFlags> {
  const answer = await queryClient.fetchQuery<FlowStatusResponse>({
    queryKey: FLOW_STATUS_QUERY_KEY,
    ...(api ? { queryFn: () => api.getFlowStatus() } : {}),
    staleTime: 0,
  });
  return answer.flow_status_flags;
}
