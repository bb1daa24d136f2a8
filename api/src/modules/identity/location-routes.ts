import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CheckLocationQuery, CheckLocationResponse } from '@join/shared/contract';
import type { IdentityDeps } from './deps';
import { isInsideUae } from './uae-boundary';
import { authOf } from '../../platform/http/session-auth';
import { rateLimitConfig } from '../../platform/http/rate-limits';

/**
 * The location check (SPEC 2 /location_check, SPEC 7; api/README.md "Location check"): the
 * server, not the browser, decides whether the point is inside the UAE, and keeps only that
 * answer as the flow context's inside_uae (the one writer of it), which opens activation. The
 * coordinates are neither stored nor logged.
 */
export async function locationRoutes(base: FastifyInstance, ctx: IdentityDeps): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/securitymanagement/check_location.json',
    // The step guard refuses it where location_check is not open (no e-mail login, retail).
    // The budget per address keeps it from being a free "is this point in the UAE" service.
    {
      schema: { querystring: CheckLocationQuery, response: { 200: CheckLocationResponse } },
      config: { ...rateLimitConfig(ctx.rateLimit.locationMax, ctx.rateLimit.windowMs), flowStep: 'location_check' },
    },
    async (request) => {
      const { lat, lng } = request.query;
      const inside = await isInsideUae(lat, lng);
      await ctx.repos.setInsideUae(authOf(request).uid, inside);
      request.log.info({ event: 'location_checked', inside_uae: inside }, 'location checked');
      return { inside_uae: inside };
    },
  );
}
