import type { FastifyBaseLogger } from 'fastify';

/** What a service writes its log through: the request's logger in a route, the server's in a sweep. */
export type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
