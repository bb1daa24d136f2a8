import type { FastifyRequest } from 'fastify';
import { API_ERROR_CODES, isStepAllowed, type FlowContext, type StepName } from '@join/shared/contract';
import { HttpError } from './http-error';
import { authOf } from './session-auth';
import type { AuthContext } from '../sessions/tokens';

/**
 * The API's half of the flow contract: a route declares the flow step it belongs to
 * (`config: { flowStep }`), and one preHandler refuses the call when the user may not be on
 * that step, by calling the very rule function the host's guards call (isStepAllowed from
 * @join/shared/contract). Routes without a declared step are open (see api/README.md).
 */
export type FlowStepOf = StepName | ((request: FastifyRequest) => StepName | null);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The flow step this route acts for; a function when it depends on the request. */
    flowStep?: FlowStepOf;
  }
}

export const stepNotAllowed = (step: StepName) =>
  new HttpError(409, API_ERROR_CODES.stepNotAllowed, `Step ${step} is not open to you now: reload the flow status`);

/** The step a request acts for, or null for an open route. */
export function declaredStep(request: FastifyRequest): StepName | null {
  const declared = request.routeOptions.config.flowStep;
  if (declared === undefined) return null;
  return typeof declared === 'function' ? declared(request) : declared;
}

/** The caller's flow as the server knows it now (the flow module's, given by the composition root). */
export type FlowReader = (caller: Pick<AuthContext, 'uid' | 'accountId'>) => Promise<FlowContext>;

/** preHandler (after the session guard and body parsing, so a step may depend on the body). */
export function stepGuard(flowOf: FlowReader) {
  return async (request: FastifyRequest): Promise<void> => {
    const step = declaredStep(request);
    if (step === null) return;
    if (!isStepAllowed(step, await flowOf(authOf(request)))) throw stepNotAllowed(step);
  };
}
