import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/**
 * Test support: one sandbox app per test, on a clock the test moves. Registers Jest's beforeEach
 * (the clock back at `start`, a fresh app built on it) and afterEach (the app closed), and gives
 * the calls every provider API test makes: a server-to-server call with the merchant's bearer key
 * (or another, or none) and an Idempotency-Key, and a new key per call.
 */
export interface ApiCallOptions {
  payload?: unknown;
  /** The Idempotency-Key header; none when null or left out. */
  key?: string | null;
  /** The Authorization header: the merchant's bearer key unless given; none when null. */
  auth?: string | null;
}

export interface SandboxUnderTest {
  /** This test's app (built before each test). */
  app: FastifyInstance;
  /** The sandbox's time in ms: set it to move the sandbox's clock. */
  clock: number;
  /** Builds this test's app again with other options (the one before is closed). */
  rebuild(build: (now: () => number) => Promise<FastifyInstance>): Promise<void>;
  api(method: 'GET' | 'POST', url: string, options?: ApiCallOptions): Promise<LightMyRequestResponse>;
  /** A new Idempotency-Key, different from every other this run. */
  newKey(): string;
}

export function sandboxUnderTest(options: { apiKey: string; start: number; build: (now: () => number) => Promise<FastifyInstance> }): SandboxUnderTest {
  let keys = 0;
  const now = () => sandbox.clock;
  const sandbox: SandboxUnderTest = {
    app: undefined as unknown as FastifyInstance,
    clock: options.start,
    async rebuild(build) {
      await sandbox.app.close();
      sandbox.app = await build(now);
    },
    api: (method, url, call = {}) =>
      sandbox.app.inject({
        method,
        url,
        headers: {
          ...(call.auth === null ? {} : { authorization: call.auth ?? `Bearer ${options.apiKey}` }),
          ...(call.key === null || call.key === undefined ? {} : { 'idempotency-key': call.key }),
        },
        ...(call.payload === undefined ? {} : { payload: call.payload as Record<string, unknown> }),
      }),
    newKey: () => `key-${++keys}-${'x'.repeat(20)}`,
  };
  beforeEach(async () => {
    sandbox.clock = options.start;
    sandbox.app = await options.build(now);
  });
  afterEach(() => sandbox.app.close());
  return sandbox;
}

/** A page's form as a browser posts it. */
export const FORM_HEADERS = { 'content-type': 'application/x-www-form-urlencoded' } as const;
export const formBody = (fields: Record<string, string>): string => new URLSearchParams(fields).toString();
