import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

type FastifyChildLoggerFactory = NonNullable<FastifyServerOptions['childLoggerFactory']>;
type Bindings = Parameters<FastifyChildLoggerFactory>[1];
type ChildLoggerOptions = Parameters<FastifyChildLoggerFactory>[2];

type Level = FastifyBaseLogger['level'];
type LogArgs = Parameters<FastifyBaseLogger['info']>;

/**
 * A request's logger (request.log, reply.log) as Fastify makes it: the server's logger's child
 * with the request's id, but made when the request first logs, not for every request. Making a
 * pino child cost a flow status about 1.5 µs of its 35 (pino runs the redaction's wildcard paths,
 * log-redaction.ts, over the reqId binding, parsing each path again), and with its garbage about
 * 3 µs in all; request logging is off (app.ts), so most requests never log a line. A line logged
 * is the child's own, with the same bindings, level and serializers.
 */
class LazyRequestLogger implements FastifyBaseLogger {
  private made: FastifyBaseLogger | undefined = undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private get logger(): FastifyBaseLogger {
    this.made ??= this.parent.child(this.bindings, this.options);
    return this.made;
  }

  get level(): Level {
    return this.made?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: Level) {
    this.logger.level = level;
  }

  fatal(...args: LogArgs): void {
    this.logger.fatal(...args);
  }

  error(...args: LogArgs): void {
    this.logger.error(...args);
  }

  warn(...args: LogArgs): void {
    this.logger.warn(...args);
  }

  info(...args: LogArgs): void {
    this.logger.info(...args);
  }

  debug(...args: LogArgs): void {
    this.logger.debug(...args);
  }

  trace(...args: LogArgs): void {
    this.logger.trace(...args);
  }

  silent(...args: LogArgs): void {
    this.logger.silent(...args);
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options);
  }
}

/** Fastify's childLoggerFactory: each request's logger, made on its first line (LazyRequestLogger). */
export const lazyRequestLogger: FastifyChildLoggerFactory = (logger, bindings, options) => new LazyRequestLogger(logger, bindings, options);
