import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { notFound } from '../refusals';
import { parseInput } from '../http/validate';

/**
 * The API's clock as a test drives it (JOIN_TEST_HOOKS=1, never in production): the wall clock
 * plus an offset that only grows. `now` is what the server reads everywhere (AppOptions.now), so
 * moving it on expires holds, codes, resend waits and sessions exactly as time passing would,
 * without a test waiting for it. It never goes back: a hold or a code cannot come alive again.
 */
export class TestClock {
  private offsetMs = 0;

  constructor(private readonly wall: () => number = Date.now) {}

  readonly now = (): number => this.wall() + this.offsetMs;

  get offset(): number {
    return this.offsetMs;
  }

  advance(ms: number): number {
    if (!Number.isInteger(ms) || ms < 0) throw new RangeError('a test clock only moves forward, by whole milliseconds');
    this.offsetMs += ms;
    return this.now();
  }
}

/** At most a day per call: enough for any expiry of the product (holds, codes, sessions). */
export const MAX_ADVANCE_MS = 24 * 60 * 60 * 1000;
const AdvanceBody = z.strictObject({ advance_ms: z.coerce.number().int().min(0).max(MAX_ADVANCE_MS) });

/**
 * GET /dev/clock -> { now, offset_ms }; POST /dev/clock { advance_ms } -> the same, moved on.
 * Without a test clock both answer 404 like any unknown path (not the host's page).
 */
export async function testClockRoutes(app: FastifyInstance, clock: TestClock | null): Promise<void> {
  const need = (request: FastifyRequest): TestClock => {
    if (!clock) throw notFound(`Nothing at ${request.method} ${request.url.split('?')[0] ?? ''}`);
    return clock;
  };
  const view = (c: TestClock) => ({ now: new Date(c.now()).toISOString(), offset_ms: c.offset });

  app.get('/dev/clock', async (request, reply) => reply.header('cache-control', 'no-store').send(view(need(request))));

  app.post('/dev/clock', async (request, reply) => {
    const c = need(request);
    const { advance_ms: ms } = parseInput(AdvanceBody, request.body ?? {}, 'body');
    c.advance(ms);
    request.log.warn({ event: 'test_clock_advanced', advance_ms: ms, offset_ms: c.offset }, 'test clock moved on');
    return reply.header('cache-control', 'no-store').send(view(c));
  });
}
