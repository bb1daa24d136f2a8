import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Answers that are the same for every caller (translations, the business config, a catalogue
 * list) built and serialized once, then sent as they are, with an entity tag: a client that
 * shows the tag it has (If-None-Match) gets a 304 and no body. An entry is kept under a stamp
 * (the versions of the data it was built from, platform/reference-versions) and the time span
 * it holds for; a request whose stamp differs, or that comes after the span, rebuilds it. The
 * stamp is read before the data, so an entry built while the data changed carries the older
 * stamp and is never served again.
 */
export interface CachedAnswer {
  /** The answer's bytes, as the route's response serializer wrote them. */
  readonly body: Buffer;
  /** A strong entity tag of the bytes: the same answer has the same tag across restarts. */
  readonly etag: string;
}

/**
 * What a build answers: the value, and the span it holds for: from the clock it was built at
 * (`from`; the request's when absent) until before `until` (null: until the data changes).
 */
export interface BuiltAnswer {
  value: unknown;
  from?: number;
  until: number | null;
}

interface Entry {
  stamp: string;
  /** The clock when it was built and the end of its span: valid for from <= now < until. */
  from: number;
  until: number | null;
  answer: CachedAnswer;
}

/** The number of keys a cache keeps (a key per container and language, or per category and language). */
const MAX_KEYS = 64;

export function entityTag(body: Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
}

export class AnswerCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly maxKeys = MAX_KEYS) {}

  /**
   * The answer of `key` under `stamp` at `now`: the kept one while valid, else `build`'s value
   * serialized by `serialize` (the route's own serializer: reply.serialize), kept for next time.
   */
  async answer(
    key: string,
    stamp: string,
    now: number,
    build: () => Promise<BuiltAnswer>,
    serialize: (value: unknown) => string | Uint8Array | ArrayBuffer,
  ): Promise<CachedAnswer> {
    const kept = this.entries.get(key);
    if (kept && kept.stamp === stamp && kept.from <= now && (kept.until === null || now < kept.until)) return kept.answer;
    const { value, from = now, until } = await build();
    const serialized = serialize(value);
    const body = typeof serialized === 'string' ? Buffer.from(serialized, 'utf8') : Buffer.from(serialized instanceof ArrayBuffer ? new Uint8Array(serialized) : serialized);
    const answer: CachedAnswer = { body, etag: entityTag(body) };
    // A key built anew goes to the end; the one built longest ago goes first when the cache is full.
    this.entries.delete(key);
    if (this.entries.size >= this.maxKeys) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { stamp, from, until, answer });
    return answer;
  }

  /** The keys kept now (tests). */
  get size(): number {
    return this.entries.size;
  }
}

/**
 * Whether an If-None-Match header names `etag` (RFC 9110 13.1.2: `*`, or a list of entity tags
 * compared weakly, so W/"x" matches "x").
 */
export function ifNoneMatchNames(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque);
}

/**
 * Sends a cached answer: its entity tag always, then a 304 without a body when the request
 * already has it, else the bytes as JSON (as Fastify would have sent the serialized value). The
 * route sets its own Cache-Control and Vary before (a 304 carries them as the 200 would).
 */
export function sendCachedAnswer(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer): FastifyReply {
  reply.header('etag', answer.etag);
  if (ifNoneMatchNames(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  return reply.header('content-type', 'application/json; charset=utf-8').send(answer.body);
}
