import { createHash } from 'node:crypto';
import { loadImage } from '@napi-rs/canvas';
import { sandboxHeaders } from '../headers';
import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { FACE_FRAMES_MAX, FACE_FRAMES_MIN, FACE_PROMPTS } from './protocol';
import { copyScore, MATCH_THRESHOLD, type FaceEngine, type FoundFace } from './faces';
import { followsPrompt } from './liveness';
import type { MrzReader } from './ocr';
import type { ReferencePortraits } from './portraits';
import { holderOf, REGISTRY, verifyPerson, type Registry } from './registry';
import { requireBearer } from '../bearer';

/**
 * The identity authority sandbox: the government identity service's stand-in, on its own port.
 *
 *   GET  /health
 *   POST /v1/documents/read    { image, sha256, side }            -> { document, mrz_found, face_found } | 422 { code }
 *   POST /v1/faces/compare     { document, document_image, frames, prompt }
 *                                                                  -> { match, score, liveness, person_ref } | 422 { code }
 *   POST /v1/persons/verify    { kind, number, id_number, ... }   -> { verified, person_ref, resident } | 422 { code } | 503
 *
 * Every /v1 call needs `Authorization: Bearer <key>`. Images are decoded, read and forgotten:
 * never written anywhere, never logged (the logger is off; bodies are not echoed in errors).
 */
export const MAX_IMAGE_BYTES = 8 * 1024 * 1024;
/** Base64 of 8 MB plus room for the rest of a JSON body. */
const BODY_LIMIT = Math.ceil((MAX_IMAGE_BYTES * 4) / 3) * 2 + 64 * 1024;

export interface AuthorityEngines {
  mrz: MrzReader;
  faces: FaceEngine;
}
export interface AuthorityAppOptions {
  apiKey: string;
  engines: AuthorityEngines;
  /** The reference portrait of each registry face (portraits.ts loadReferencePortraits). */
  portraits: ReferencePortraits;
  registry?: Registry;
  now?: () => Date;
}

/**
 * Base64 checked by a plain loop: a regular expression over a string of megabytes can overflow
 * V8's backtracking stack (a RangeError, so a 500 instead of -644) depending on how the engine
 * has compiled it.
 */
function isBase64(s: string): boolean {
  let end = s.length;
  if (s.endsWith('==')) end -= 2;
  else if (s.endsWith('=')) end -= 1;
  if (end === 0) return false;
  for (let i = 0; i < end; i++) {
    const c = s.charCodeAt(i);
    const ok = (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 43 || c === 47;
    if (!ok) return false;
  }
  return true;
}
const base64 = z.string().min(1).max(BODY_LIMIT).refine(isBase64, 'must be base64');
const ReadBody = z.object({ image: base64, sha256: z.string().regex(/^[0-9a-fA-F]{64}$/), side: z.enum(['front', 'back', 'data_page']) });
const CompareBody = z.object({
  document: z.object({ kind: z.enum(['passport', 'emirates_id']), number: z.string().min(1).max(20) }),
  document_image: base64,
  frames: z.array(base64).min(FACE_FRAMES_MIN).max(FACE_FRAMES_MAX),
  prompt: z.enum(FACE_PROMPTS),
});

/**
 * A face this alike, pixel for pixel, to the document's portrait (or the reference portrait) is
 * that photograph shown to the camera, not a live face: -643 "unsuitable portrait". Copies of a
 * fixture portrait score 0.96-0.99 at their best frame, the fixtures' live frames at most 0.87 (sandboxes/README.md).
 */
export const COPY_THRESHOLD = 0.92;
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const VerifyBody = z.object({
  kind: z.enum(['passport', 'emirates_id']),
  number: z.string().min(1).max(20),
  id_number: z.string().regex(/^784\d{12}$/).nullable().optional().transform((v) => v ?? null),
  nationality: z.string().regex(/^[A-Z<]{1,3}$/),
  birth_date: isoDate,
  expiry_date: isoDate,
  sex: z.enum(['F', 'M', 'X']),
  declared_residency: z.enum(['resident', 'non_resident']),
});

class Refusal extends Error {
  constructor(readonly code: number) {
    super(`authority code ${code}`);
  }
}

/** JPEG (FF D8 FF) or PNG (89 50 4E 47 0D 0A 1A 0A) by magic bytes, at most 8 MB: -642, -644. */
function decodeUpload(b64: string): Buffer {
  const bytes = Buffer.from(b64, 'base64');
  if (bytes.length > MAX_IMAGE_BYTES) throw new Refusal(-644);
  const jpeg = bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  const png = bytes.length > 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  if (!jpeg && !png) throw new Refusal(-642);
  return bytes;
}

async function decodeImage(bytes: Buffer) {
  try {
    return await loadImage(bytes);
  } catch {
    throw new Refusal(-642);
  }
}


export async function buildAuthorityApp(options: AuthorityAppOptions): Promise<FastifyInstance> {
  const { engines, apiKey } = options;
  const registry = options.registry ?? REGISTRY;
  const now = options.now ?? (() => new Date());
  const app = Fastify({ logger: false, bodyLimit: BODY_LIMIT });
  await sandboxHeaders(app);

  requireBearer(app, '/v1/', apiKey);
  app.setErrorHandler((err: Error & { statusCode?: number }, _req, reply) => {
    if (err instanceof Refusal) return reply.code(422).send({ code: err.code });
    if (err.statusCode === 413) return reply.code(422).send({ code: -644 });
    if (err.statusCode && err.statusCode < 500) return reply.code(400).send({ error: 'bad request' });
    return reply.code(500).send({ error: 'internal error' });
  });

  const parse = <T>(schema: z.ZodType<T>, body: unknown): T => {
    const result = schema.safeParse(body);
    if (!result.success) throw Object.assign(new Error(`bad body: ${result.error.issues[0]?.path.join('.') ?? ''}`), { statusCode: 400 });
    return result.data;
  };

  app.get('/health', async () => ({ status: 'ok' }));

  app.post('/v1/documents/read', async (req) => {
    const body = parse(ReadBody, req.body);
    const bytes = decodeUpload(body.image);
    if (createHash('sha256').update(bytes).digest('hex') !== body.sha256.toLowerCase()) throw new Refusal(-645);
    const image = await decodeImage(bytes);
    const [read, faces] = await Promise.all([engines.mrz.read(image), engines.faces.find(image)]);
    const faceFound = faces.length > 0;
    if (read.ok) return { document: read.document, mrz_found: true, face_found: faceFound };
    // A front has no MRZ (an Emirates ID front): only a back or a data page must have one.
    if (read.code === -606 && body.side === 'front') return { document: null, mrz_found: false, face_found: faceFound };
    throw new Refusal(read.code);
  });

  /**
   * The live face, in this order: every frame shows one face (-622 more than one,
   * -643 none), the document shows one (-643); the face moved as the prompt asked (-643); it is
   * one person throughout (-622); no frame is the document's portrait or the reference portrait
   * shown to the camera (-643); every frame matches the reference portrait of the document's
   * holder (-620) and the document's own portrait (-620).
   */
  app.post('/v1/faces/compare', async (req) => {
    const body = parse(CompareBody, req.body);
    const documentImage = await decodeImage(decodeUpload(body.document_image));
    const frameImages = [];
    for (const frame of body.frames) frameImages.push(await decodeImage(decodeUpload(frame)));
    const faces: FoundFace[] = [];
    for (const image of frameImages) {
      const found = await engines.faces.find(image);
      if (found.length > 1) throw new Refusal(-622);
      if (!found[0]) throw new Refusal(-643);
      faces.push(found[0]);
    }
    const [portrait] = await engines.faces.find(documentImage);
    if (!portrait) throw new Refusal(-643);
    if (!followsPrompt(body.prompt, faces.map((f) => f.box))) throw new Refusal(-643);
    const [first] = faces;
    if (!first || faces.some((f) => engines.faces.similarity(first.descriptor, f.descriptor) < MATCH_THRESHOLD)) throw new Refusal(-622);

    const holder = holderOf(registry, body.document.kind, body.document.number);
    const reference = holder ? options.portraits.get(holder.face) : undefined;
    const shown = [portrait, ...(reference ? [reference] : [])];
    if (faces.some((f) => shown.some((p) => copyScore(f.patch, p.patch) >= COPY_THRESHOLD))) throw new Refusal(-643);

    const scoreWith = (against: FoundFace) => Math.min(...faces.map((f) => engines.faces.similarity(against.descriptor, f.descriptor)));
    const referenceScore = reference ? scoreWith(reference) : 1;
    const documentScore = scoreWith(portrait);
    const score = Math.round(Math.min(referenceScore, documentScore) * 1000) / 1000;
    if (score < MATCH_THRESHOLD) throw new Refusal(-620);
    return { match: true, score, liveness: 'passed', person_ref: reference && holder ? holder.ref : null };
  });

  app.post('/v1/persons/verify', async (req, reply) => {
    const body = parse(VerifyBody, req.body);
    const answer = verifyPerson(registry, body, now());
    return reply.code(answer.status).send(answer.body);
  });

  return app;
}
