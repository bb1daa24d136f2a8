import type { Socket } from 'node:net';
import { API_ERROR_CODES } from '@join/shared/contract';
import type { FastifyServerOptions } from 'fastify';

/**
 * How long a client may take and how many may be connected at once. Without these a client
 * announcing a body and sending one byte every few seconds holds a connection (and its memory)
 * forever; thousands of them starve everyone else.
 */
export interface ServerLimits {
  /** The whole request, headers and body, must arrive within this (Node answers 408). */
  requestTimeoutMs: number;
  /** The headers must arrive within this (at most requestTimeoutMs). */
  headersTimeoutMs: number;
  /** A socket with no traffic at all is closed after this. */
  idleTimeoutMs: number;
  /** A kept-alive connection waits this long for its next request. */
  keepAliveTimeoutMs: number;
  /** How often Node checks the two request timeouts above. */
  checkIntervalMs: number;
  /** Open connections beyond this are refused at once (the socket is closed). */
  maxConnections: number;
}

export const SERVER_LIMITS: ServerLimits = {
  requestTimeoutMs: 30_000,
  headersTimeoutMs: 10_000,
  idleTimeoutMs: 60_000,
  keepAliveTimeoutMs: 5_000,
  checkIntervalMs: 1_000,
  maxConnections: 2_048,
};

/** The Fastify options that carry the limits (maxConnections is set on the server after). */
export function serverOptions(limits: ServerLimits): Partial<FastifyServerOptions> {
  return {
    requestTimeout: limits.requestTimeoutMs,
    connectionTimeout: limits.idleTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    http: {
      headersTimeout: Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs),
      connectionsCheckingInterval: limits.checkIntervalMs,
    },
  } as Partial<FastifyServerOptions>;
}

const REASONS: Readonly<Record<string, { status: number; message: string }>> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: 'request: took too long to arrive' },
  HPE_HEADER_OVERFLOW: { status: 431, message: 'headers: are too large' },
};

/**
 * Requests Node rejects before Fastify sees them (bad framing, NUL in a header, a timeout):
 * answered in the API's error shape, not Fastify's `{"error":"Bad Request"}`. A client that
 * hung up gets nothing, and nothing is logged above trace: a reset is not our error.
 */
export function clientErrorHandler(headers: Readonly<Record<string, string>>) {
  return function onClientError(this: { log: { trace(o: object, m: string): void } }, err: Error & { code?: string }, socket: Socket): void {
    if (err.code === 'ECONNRESET' || socket.destroyed) return;
    const reason = REASONS[err.code ?? ''] ?? { status: 400, message: 'request: is not valid HTTP' };
    this.log.trace({ err }, 'client error');
    if (socket.writable) {
      const body = JSON.stringify({ code: API_ERROR_CODES.badRequest, message: reason.message, field: 'request' });
      const extra = Object.entries(headers)
        .map(([k, v]) => `${k}: ${v}\r\n`)
        .join('');
      const text = reason.status === 408 ? 'Request Timeout' : reason.status === 431 ? 'Request Header Fields Too Large' : 'Bad Request';
      socket.write(
        `HTTP/1.1 ${reason.status} ${text}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
          `Cache-Control: no-store\r\nConnection: close\r\n${extra}\r\n${body}`,
      );
    }
    socket.destroy();
  };
}
