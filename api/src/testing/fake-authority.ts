import { createHash } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { DocumentDetails } from '@join/shared/contract';

/**
 * Test support: a small identity authority speaking the contract of api/README.md "Identity
 * check" over real HTTP on a random port, so the API's real HTTP client is exercised (timeouts,
 * 5xx, 422, bad JSON). Its answers are deterministic, keyed by the image's bytes (a JPEG or PNG
 * signature followed by a text tag) and by the document number.
 *
 * Document tags (after the signature):
 *   passport:<number>[:birth=YYYY-MM-DD][:expiry=YYYY-MM-DD]  a data page that reads
 *   eid-back:<card>[:<784 id>][:birth=...][:expiry=...]      an Emirates ID back (its MRZ)
 *   eid-front[:<card>]                                         a front: no MRZ (or one naming <card>), a face
 *   code:<n>  422 { code: n }     status:<n>  that status     slow  answers after 2.5 s
 *   badjson   200 with a body that is not JSON                 badshape  200 with JSON of another shape
 * Face tags (the first frame's): match (the reference portrait of person-<number> matched),
 * match:no-reference (no reference portrait held), code:<n>, status:<n>, slow, badjson.
 * Verification: by document number (verifyAnswers), verified by default.
 */
export const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff, 0xe0]);
export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export const jpeg = (tag: string): Buffer => Buffer.concat([JPEG_SIGNATURE, Buffer.from(tag)]);
export const png = (tag: string): Buffer => Buffer.concat([PNG_SIGNATURE, Buffer.from(tag)]);

export const FAKE_AUTHORITY_KEY = 'test-authority-key-0123456789';
export const SLOW_MS = 2_500;

export type VerifyAnswer = { status: number; body: unknown } | 'slow' | 'badjson';

export interface FakeAuthority {
  url: string;
  /** Every call, with its path and the tag of each image (never the base64 itself). */
  calls: { path: string; tags: string[]; body: Record<string, unknown> }[];
  verifyAnswers: Map<string, VerifyAnswer>;
  close(): Promise<void>;
}

const tagOf = (b64: unknown): string => {
  const bytes = Buffer.from(String(b64), 'base64');
  const signature = bytes[0] === 0xff ? JPEG_SIGNATURE.length : PNG_SIGNATURE.length;
  return bytes.subarray(signature).toString('utf8');
};

export function passportDetails(number: string, over: Partial<DocumentDetails> = {}): DocumentDetails {
  return {
    kind: 'passport',
    number,
    id_number: null,
    issuing_country: 'GBR',
    nationality: 'GBR',
    surname: 'DOE',
    given_names: 'JANE',
    birth_date: '1990-05-05',
    expiry_date: '2031-01-01',
    sex: 'F',
    ...over,
  };
}

export function eidDetails(card: string, idNumber: string | null, over: Partial<DocumentDetails> = {}): DocumentDetails {
  return {
    kind: 'emirates_id',
    number: card,
    id_number: idNumber,
    issuing_country: 'ARE',
    nationality: 'IND',
    surname: 'KUMAR',
    given_names: 'ASHA',
    birth_date: '1988-02-29',
    expiry_date: '2029-06-30',
    sex: 'F',
    ...over,
  };
}

/** The options of a tag: `birth=...`, `expiry=...`. */
function datesOf(parts: string[]): Partial<DocumentDetails> {
  const out: Partial<DocumentDetails> = {};
  for (const p of parts) {
    const [k, v] = p.split('=');
    if (k === 'birth' && v) out.birth_date = v;
    if (k === 'expiry' && v) out.expiry_date = v;
    if (k === 'nat' && v) out.nationality = v;
  }
  return out;
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function startFakeAuthority(): Promise<FakeAuthority> {
  const app: FastifyInstance = Fastify({ logger: false, bodyLimit: 32 * 1024 * 1024, forceCloseConnections: true });
  const calls: FakeAuthority['calls'] = [];
  const verifyAnswers = new Map<string, VerifyAnswer>();

  app.addHook('onRequest', async (req, reply) => {
    if (req.headers.authorization !== `Bearer ${FAKE_AUTHORITY_KEY}`) await reply.code(401).send({ error: 'unauthorized' });
  });

  /** The common answers of a tag (a code, a status, slowness, bad JSON); null: the tag's own answer. */
  async function special(tag: string, reply: FastifyReply): Promise<boolean> {
    const [head, arg] = tag.split(':');
    if (head === 'code') return void (await reply.code(422).send({ code: Number(arg) })), true;
    if (head === 'status') return void (await reply.code(Number(arg)).send({ error: 'failure' })), true;
    if (head === 'slow') {
      await wait(SLOW_MS);
      return void (await reply.send({ late: true })), true;
    }
    if (head === 'badjson') return void (await reply.type('application/json').send('{"document": nul')), true;
    if (head === 'badshape') return void (await reply.send({ document: 'yes' })), true;
    return false;
  }

  app.post('/v1/documents/read', async (req, reply) => {
    const body = req.body as { image: string; sha256: string; side: string };
    const tag = tagOf(body.image);
    calls.push({ path: '/v1/documents/read', tags: [tag], body: { side: body.side } });
    if (createHash('sha256').update(Buffer.from(body.image, 'base64')).digest('hex') !== body.sha256) return reply.code(422).send({ code: -645 });
    if (await special(tag, reply)) return reply;
    const [head, ...rest] = tag.split(':');
    if (head === 'passport') {
      return { document: passportDetails(rest[0] ?? 'P0000000', datesOf(rest.slice(1))), mrz_found: true, face_found: true };
    }
    if (head === 'eid-back') {
      const id = rest[1] && /^784\d{12}$/.test(rest[1]) ? rest[1] : null;
      return { document: eidDetails(rest[0] ?? '000000000', id, datesOf(rest.slice(id ? 2 : 1))), mrz_found: true, face_found: false };
    }
    if (head === 'eid-front') {
      return { document: rest[0] ? eidDetails(rest[0], null) : null, mrz_found: Boolean(rest[0]), face_found: true };
    }
    if (head === 'german') {
      // Germany's code without its fillers, as the sandbox answers it ("D" for "D<<").
      return { document: passportDetails(rest[0] ?? 'C01X00T47', { nationality: rest[1] ?? 'D', issuing_country: 'D' }), mrz_found: true, face_found: true };
    }
    return reply.code(422).send({ code: -606 });
  });

  app.post('/v1/faces/compare', async (req, reply) => {
    const body = req.body as { document: { kind: string; number: string }; document_image: string; frames: string[]; prompt: string };
    const frameTags = (body.frames ?? []).map(tagOf);
    const tags = [tagOf(body.document_image), ...frameTags];
    calls.push({ path: '/v1/faces/compare', tags, body: { document: body.document, prompt: body.prompt, frames: frameTags.length } });
    // The first frame's tag decides (the real sandbox reads the movement across them).
    const selfie = frameTags[0] ?? '';
    if (await special(selfie, reply)) return reply;
    if (selfie === 'match' || selfie.startsWith('match:')) {
      // The person whose reference portrait matched: the one the verification answers by default.
      const personRef = selfie === 'match:no-reference' ? null : `person-${body.document.number}`;
      return { match: true, score: 0.91, liveness: 'passed', person_ref: personRef };
    }
    return reply.code(422).send({ code: -620 });
  });

  app.post('/v1/persons/verify', async (req, reply) => {
    const body = req.body as Record<string, unknown>;
    calls.push({ path: '/v1/persons/verify', tags: [], body });
    const answer = verifyAnswers.get(String(body.number));
    if (answer === 'slow') {
      await wait(SLOW_MS);
      return { verified: true, person_ref: 'late', resident: false };
    }
    if (answer === 'badjson') return reply.type('application/json').send('not json');
    if (answer) return reply.code(answer.status).send(answer.body);
    return { verified: true, person_ref: `person-${String(body.number)}`, resident: body.declared_residency === 'resident' };
  });

  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return { url: address, calls, verifyAnswers, close: () => app.close() };
}
