import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { captureLog } from '../../../testing/capture-log';
import { lazyRequestLogger } from '../request-logger';
import { createTestApp } from '../../../testing/harness';

/** A request's logger is the server logger's child with the request's id, made on its first line. */
describe('the request logger', () => {
  const make = (parent: FastifyBaseLogger, bindings: Record<string, unknown>, options: Record<string, unknown> = {}) =>
    lazyRequestLogger.call(undefined as unknown as FastifyInstance, parent, bindings, options, undefined as never);
  const flush = () => new Promise((resolve) => setImmediate(resolve));
  /** The server's logger as Fastify makes it (pino), writing to `stream`. */
  const serverLogger = (stream: NodeJS.WritableStream) => Fastify({ logger: { level: 'info', stream } }).log;

  it('makes the child only when a line is logged, and logs it with the bindings, as the child would', async () => {
    const log = captureLog();
    const parent = serverLogger(log.stream);
    const child = jest.spyOn(parent, 'child');
    const logger = make(parent, { reqId: 'req-1' });
    expect(logger.level).toBe('info');
    expect(child).not.toHaveBeenCalled();
    logger.debug('below the level');
    logger.info({ event: 'x' }, 'first');
    logger.warn('second');
    expect(child).toHaveBeenCalledTimes(1);
    await flush();
    expect(log.lines.map((l) => JSON.parse(l) as Record<string, unknown>)).toEqual([
      expect.objectContaining({ reqId: 'req-1', event: 'x', msg: 'first', level: 30 }),
      expect.objectContaining({ reqId: 'req-1', msg: 'second', level: 40 }),
    ]);
  });

  it('keeps a route\'s own level, before and after the child is made', async () => {
    const log = captureLog();
    const parent = serverLogger(log.stream);
    const logger = make(parent, { reqId: 'req-2' }, { level: 'warn' });
    expect(logger.level).toBe('warn');
    logger.info('dropped');
    logger.error('kept');
    expect(logger.level).toBe('warn');
    logger.level = 'info';
    logger.info('now kept');
    await flush();
    expect(log.lines.map((l) => (JSON.parse(l) as { msg: string }).msg)).toEqual(['kept', 'now kept']);
  });

  it('logs a request\'s lines with its request id in the server', async () => {
    const log = captureLog();
    const t = await createTestApp({ logger: { level: 'info', stream: log.stream } });
    try {
      for (let i = 0; i < 2; i++) await t.app.inject({ method: 'GET', url: '/api/no-such-route' });
      const v = await t.login();
      await t.post(v, '/api/securitymanagement/login', { email: 'ghost@example.com', password: 'An0therSecret' });
      await flush();
      const ids = log.lines.map((l) => (JSON.parse(l) as { reqId?: string }).reqId).filter((id): id is string => id !== undefined);
      expect(ids.length).toBeGreaterThan(0);
      expect(ids.every((id) => /^req-/.test(id))).toBe(true);
    } finally {
      await t.close();
    }
  });
});
