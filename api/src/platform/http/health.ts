import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * Liveness and readiness, for a load balancer's health checks and an orchestrator's probes
 * (issue 29: several instances behind HAProxy). Outside /api: no session, no rate limit, no
 * client headers; never cached; not in the OpenAPI description (the visitor's contract).
 *
 * - `GET /health/live`: 200 `{"status":"live"}` while the process can answer at all. A probe that
 *   fails it should restart the process; a database outage must not, so the database is not asked.
 * - `GET /health/ready`: 200 `{"status":"ready"}` when the database answers a trivial query in
 *   time and the instance is not shutting down; else 503 `{"status":"draining"}` (a SIGTERM was
 *   received: the balancer should send no more, requests in flight still finish) or 503
 *   `{"status":"database"}` (the database failed or did not answer within the ping's time).
 */
export const HEALTH_PATHS = { live: '/health/live', ready: '/health/ready' } as const;

export type ReadinessProblem = 'draining' | 'database';

/** Whether this instance is shutting down; main.ts's shutdown turns it on, the readiness reads it. */
export interface HealthState {
  readonly draining: boolean;
  startDraining(): void;
}

export function healthState(): HealthState {
  let draining = false;
  return {
    get draining() {
      return draining;
    },
    startDraining: () => {
      draining = true;
    },
  };
}

export interface HealthOptions {
  state: HealthState;
  /** Resolves once the database answered a trivial query (`SELECT 1`); rejects otherwise. */
  ping: () => Promise<void>;
  /** How long the ping may take before readiness says `database` (below the balancer's check timeout). */
  pingTimeoutMs?: number;
}

/** 1 s: HAProxy's check times out at 2 s (scripts/start-scaled.mjs), and SELECT 1 takes well under a millisecond. */
export const DEFAULT_PING_TIMEOUT_MS = 1000;

function withTimeout(work: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

const answer = (reply: FastifyReply, status: number, body: { status: string }) => reply.code(status).header('cache-control', 'no-store').send(body);

export function healthRoutes(app: FastifyInstance, options: HealthOptions): void {
  const pingTimeoutMs = options.pingTimeoutMs ?? DEFAULT_PING_TIMEOUT_MS;
  // A check every second would repeat a failure every second: each change is logged once.
  let lastProblem: ReadinessProblem | null = null;
  const note = (problem: ReadinessProblem | null, err?: unknown) => {
    if (problem === lastProblem) return;
    if (problem === 'database') app.log.error({ err }, 'readiness: the database does not answer, answering 503');
    else if (problem === null) app.log.info('readiness: ready again');
    lastProblem = problem;
  };

  app.get(HEALTH_PATHS.live, (_request, reply) => answer(reply, 200, { status: 'live' }));
  app.get(HEALTH_PATHS.ready, async (_request, reply) => {
    if (options.state.draining) return answer(reply, 503, { status: 'draining' });
    try {
      await withTimeout(options.ping(), pingTimeoutMs);
    } catch (err) {
      note('database', err);
      return answer(reply, 503, { status: 'database' });
    }
    // A shutdown that began while the database was asked wins.
    if (options.state.draining) return answer(reply, 503, { status: 'draining' });
    note(null);
    return answer(reply, 200, { status: 'ready' });
  });
}
