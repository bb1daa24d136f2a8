import { buildFlowContext, newDeviceId, recommendedRoute, refreshSelection, ROUTES, serverFlowContextAtom, store as defaultStore, updateSession, wipeSession, type Endpoints, type Store } from '@join/shared';
import { refreshFlowStatus } from '@join/shared/react';
import { retailApi, type RetailEndpoints } from '@join/shared/retail';
import type { RetailEntry } from '../../start/retail-start';

/**
 * Starts a customer on the shop device and says where the flow begins. Nothing of the previous
 * customer is carried over: the session state is wiped and the call goes out with a fresh
 * device-id (SPEC 7 headers) and no session; the answer is stored like a device-id login's
 * (session id, uid). SPEC 4's retail entry (`session`, `account`, `deviceid`) adopts that session
 * with its device id and continues at the recommended route (SPEC 4, start-up 3 and 5); a new
 * customer starts at plan selection, the retail flow's first step.
 */
export async function startCustomer(
  entry: RetailEntry | null,
  deps: { store?: Store; retail?: Pick<RetailEndpoints, 'startCustomerSession'>; api?: Endpoints } = {},
): Promise<string> {
  const st = deps.store ?? defaultStore;
  wipeSession(st);
  updateSession({ deviceId: entry?.deviceid ?? newDeviceId(), accountNumber: entry?.account ?? null }, st);
  const started = await (deps.retail ?? retailApi).startCustomerSession(entry ? { session: entry.session, account: entry.account } : undefined);
  updateSession({ sessionId: started.session_id, uid: started.profile.uid }, st);
  const flags = await refreshFlowStatus(deps.api);
  await refreshSelection(flags, deps.api);
  if (!entry) return ROUTES.planSelection;
  const to = recommendedRoute(buildFlowContext(flags, st.get(serverFlowContextAtom)));
  return to === ROUTES.root ? ROUTES.planSelection : to;
}
