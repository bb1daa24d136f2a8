import type { HealthState } from './health';

/**
 * Graceful shutdown behind a load balancer (issue 29), on SIGTERM or SIGINT:
 *
 * 1. readiness answers 503 at once (GET /health/ready: draining), while every request is still
 *    served: the balancer's health check sees it and stops sending new requests here;
 * 2. after `drainMs` (JOIN_DRAIN_MS, 3 s: longer than the balancer needs to mark the instance
 *    down), the server closes: it stops accepting, closes idle kept-alive connections (Fastify 5's
 *    default), answers 503 with `Connection: close` to a request that still arrives on a busy one,
 *    and waits for the requests in flight;
 * 3. then the resources those requests used (the mailer, the repositories), and the process exits
 *    0, or 1 when a step failed or the server took longer than `closeTimeoutMs` to close.
 *
 * A second signal is the caller's (main.ts listens once: a second Ctrl-C ends the process at once).
 */
export interface ShutdownSteps {
  health: Pick<HealthState, 'startDraining'>;
  /** How long readiness says draining before the server closes (JOIN_DRAIN_MS). */
  drainMs: number;
  /** Stops accepting and resolves once the requests in flight are answered (app.close()). */
  closeServer(): Promise<void>;
  /** What the requests used, closed after the last one: the mailer, the repositories. */
  closeResources(): Promise<void>;
  /** The longest the server may take to close (the requests in flight); then the resources close anyway. */
  closeTimeoutMs?: number;
  log: { info(message: string): void; error(details: object, message: string): void };
  /** The drain's wait (a test may shorten it). */
  wait?: (ms: number) => Promise<void>;
}

/**
 * The API's longest request is bounded by the request timeout (30 s, server-limits.ts) and by a
 * provider's (15 s); a server still not closed 35 s after the drain has a request that never ends.
 */
export const DEFAULT_CLOSE_TIMEOUT_MS = 35_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function within(work: Promise<void>, ms: number, what: string): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: still not done after ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * The shutdown, as a function of the signal's name that runs once however often it is called,
 * and resolves with the process's exit code.
 */
export function gracefulShutdown(steps: ShutdownSteps): (signal: string) => Promise<number> {
  let running: Promise<number> | null = null;
  const wait = steps.wait ?? sleep;
  const closeTimeoutMs = steps.closeTimeoutMs ?? DEFAULT_CLOSE_TIMEOUT_MS;
  async function run(signal: string): Promise<number> {
    let code = 0;
    steps.health.startDraining();
    steps.log.info(`${signal}: shutting down: readiness answers 503, closing in ${steps.drainMs} ms`);
    if (steps.drainMs > 0) await wait(steps.drainMs);
    try {
      await within(steps.closeServer(), closeTimeoutMs, 'closing the server');
      steps.log.info(`${signal}: the server is closed, every request answered`);
    } catch (err) {
      code = 1;
      steps.log.error({ err }, `${signal}: the server did not close cleanly`);
    }
    try {
      await steps.closeResources();
    } catch (err) {
      code = 1;
      steps.log.error({ err }, `${signal}: closing the database or the mailer failed`);
    }
    return code;
  }
  return (signal) => (running ??= run(signal));
}
