import { updateSession } from '@join/shared';
import { flowChanged, queryClient } from '@join/shared/react';

/**
 * What the page's API client does once a write whose endpoint declares `changesFlow` is
 * answered, for a test that answers the endpoint itself (jest.spyOn(accountApi, 'login')…): a
 * login's new session is kept (`opensSession`), then the answer goes to the kernel's flow status
 * (its flags, or a read of GET /me/flow_status) before the call resolves. The kernel's own test
 * (shared/src/query/__tests__/flow-status.test.ts) holds the client to this.
 */
export async function flowWrite<T>(answer: T): Promise<T> {
  const sessionId = (answer as { session_id?: unknown }).session_id;
  if (typeof sessionId === 'string') updateSession({ sessionId });
  await flowChanged(queryClient, answer);
  return answer;
}

/** A flow-changing write the server refused: the flow status is read before the refusal reaches the caller. */
export async function refusedFlowWrite(error: unknown): Promise<never> {
  await flowChanged(queryClient, undefined);
  throw error;
}
