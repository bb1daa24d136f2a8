import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BEACON_MAX_BYTES, BeaconBatch, COLLECT_PATH, OpsSummary, OpsSummaryQuery } from '@join/shared/measurement-contract';
import type { MeasurementDeps } from './deps';
import { collectBeacons } from './collect-service';
import { opsSummary } from './summary-service';
import { OpsCredential } from './ops-credential';
import { opsCredentialRefused, opsNotConfigured } from './errors';
import { authOf } from '../../platform/http/session-auth';
import { budgetHook, rateLimitHook } from '../../platform/http/rate-limits';
import { requestAddress } from '../../platform/http/client-key';
import { rateLimited } from '../../platform/http/http-error';

/**
 * POST /collect (issue 28): the page's beacons, a JSON batch (`BeaconBatch`: at most 20 entries,
 * 16 KiB; 413 beyond) with the visitor's session. 204 whether or not anything was stored: stored
 * only with the visitor's consent to analytics for the current texts, never on a shop device.
 * Two budgets, as consent's: per address (collectMax) and per device (collectPerDeviceMax); every
 * call counts, stored or not.
 */
export async function collectRoutes(base: FastifyInstance, ctx: MeasurementDeps): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { windowMs, collectMax, collectPerDeviceMax } = ctx.rateLimit;
  const perAddress = rateLimitHook(app, 'collect', collectMax, windowMs);
  // The plugin runs one limiting hook per request, so the second budget is a budgetHook.
  const perDevice = budgetHook(app, 'collect-device', collectPerDeviceMax, windowMs, 'device');

  app.post(COLLECT_PATH, { bodyLimit: BEACON_MAX_BYTES, schema: { body: BeaconBatch }, onRequest: [perAddress, perDevice] }, async (request, reply) => {
    const { uid, deviceId, tokenHash } = authOf(request);
    await collectBeacons(ctx, { uid, deviceId, tokenHash }, request.body);
    return reply.code(204).send();
  });
}

/**
 * GET /ops/summary.json?from=YYYY-MM-DD&to=YYYY-MM-DD (issue 28): the operations page's summary,
 * behind the operator credential (`Authorization: Bearer <JOIN_OPS_TOKEN>`), not a visitor's
 * session. Unset token: 404 ops_not_configured. Missing or wrong: 401 ops_credential with
 * `WWW-Authenticate: Bearer`; past OPS_FAILURES from one address, 429 until the window ends.
 * The credential is checked before the query (nothing is said about the input to a stranger).
 */
export async function opsRoutes(base: FastifyInstance, ctx: MeasurementDeps): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const credential = new OpsCredential(ctx.measurement.opsToken, ctx.measurement.opsFailures, () => ctx.now(), ctx.limits);

  async function operatorOnly(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (!credential.configured) throw opsNotConfigured();
    const address = requestAddress(request);
    const wait = await credential.lockedFor(address);
    if (wait > 0) {
      reply.header('retry-after', String(wait));
      throw rateLimited(`${wait} seconds`);
    }
    if (!(await credential.check(request.headers.authorization, address))) {
      reply.header('www-authenticate', 'Bearer realm="operations"');
      throw opsCredentialRefused();
    }
  }

  app.get('/ops/summary.json', { schema: { querystring: OpsSummaryQuery, response: { 200: OpsSummary } }, onRequest: operatorOnly }, async (request, reply) => {
    // An operator's figures, never kept by a browser or a proxy.
    reply.header('cache-control', 'no-store');
    return opsSummary(ctx.repos, request.query);
  });
}
