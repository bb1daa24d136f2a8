import { createHash } from 'node:crypto';
import { z } from 'zod';
import { DocumentDetails, IDENTITY_DECISION_CODES, type DocumentSide, type FacePrompt, type ResidentType } from '@join/shared/contract';
import { providerClient } from '../../platform/http-client/provider-client';

/**
 * The identity authority (the government identity service, or its sandbox): reads a document's
 * machine-readable zone, checks a live face (frames following a prompt) against its own reference
 * portrait of the person and the document's portrait, and verifies the
 * person in its registry. The API reaches it only through this interface.
 *
 * Every call answers a value or a SPEC 8 code. A code the authority gives (its 422) passes
 * through; anything else that goes wrong (a 5xx, a timeout, a network error, an answer that is
 * not the contract's) is -607 "identity API failure", with the reason for the log only.
 */
export const IDENTITY_API_FAILURE = -607;

export type AuthorityResult<T> = { ok: true; value: T } | { ok: false; code: number; reason?: AuthorityFailureReason };

/** Why a call became -607 (for the log; never shown to the visitor). */
export type AuthorityFailureReason = 'unconfigured' | 'timeout' | 'network' | 'status' | 'unauthorized' | 'bad_answer' | 'unknown_code';

/**
 * ICAO writes Germany "D<<" in a machine-readable zone; the authority may answer it with the
 * fillers taken off ("D", or "" for a field of fillers only). The contract's DocumentDetails has the three-character form, so a
 * shorter code is padded with fillers here, and taken off again when the person is verified.
 */
const country = z
  .string()
  .regex(/^[A-Z<]{0,3}$/)
  .transform((c) => c.padEnd(3, '<'));
const unpad = (code: string): string => code.replace(/<+$/, '') || code;

const ReadDocument = DocumentDetails.extend({ issuing_country: country, nationality: country });

export const DocumentReadAnswer = z.object({
  document: ReadDocument.nullable(),
  mrz_found: z.boolean(),
  face_found: z.boolean(),
});
export type DocumentReadAnswer = z.infer<typeof DocumentReadAnswer>;

/**
 * The face compared: the frames followed the challenge's prompt (liveness passed on the
 * authority's own reading of them), show one live person and not the document's portrait, and
 * match the authority's reference portrait of the document's holder (`person_ref`; null when it
 * holds none for the document: then the decision refuses the person anyway) and the portrait
 * printed on the document.
 */
export const FaceCompareAnswer = z.object({
  match: z.literal(true),
  score: z.number(),
  liveness: z.literal('passed'),
  person_ref: z.string().min(1).max(200).nullable(),
});
export type FaceCompareAnswer = z.infer<typeof FaceCompareAnswer>;

export const PersonVerifyAnswer = z.object({ verified: z.literal(true), person_ref: z.string().min(1).max(200), resident: z.boolean() });
export type PersonVerifyAnswer = z.infer<typeof PersonVerifyAnswer>;

const CodeAnswer = z.object({ code: z.number().int() });

export interface PersonQuery {
  kind: DocumentDetails['kind'];
  number: string;
  id_number: string | null;
  nationality: string;
  birth_date: string;
  expiry_date: string;
  sex: DocumentDetails['sex'];
  declared_residency: ResidentType;
}

/** What the face comparison is given: the document (its number, for the reference portrait, and its image), the frames and their prompt. */
export interface FaceQuery {
  document: { kind: DocumentDetails['kind']; number: string };
  documentImage: Buffer;
  /** Camera frames in the order taken, the first before the movement, the last after it. */
  frames: readonly Buffer[];
  prompt: FacePrompt;
}

export interface IdentityAuthority {
  readDocument(image: Buffer, side: DocumentSide): Promise<AuthorityResult<DocumentReadAnswer>>;
  compareFaces(query: FaceQuery): Promise<AuthorityResult<FaceCompareAnswer>>;
  verifyPerson(query: PersonQuery): Promise<AuthorityResult<PersonVerifyAnswer>>;
}

const failure = (reason: AuthorityFailureReason): { ok: false; code: number; reason: AuthorityFailureReason } => ({
  ok: false,
  code: IDENTITY_API_FAILURE,
  reason,
});

/** No authority configured: every call is -607 (buildApp without `authority`). */
export function unconfiguredAuthority(): IdentityAuthority {
  const none = async () => failure('unconfigured');
  return { readDocument: none, compareFaces: none, verifyPerson: none };
}

export interface HttpAuthorityOptions {
  /** Base URL, e.g. http://127.0.0.1:8091 (the paths /v1/... are appended). */
  url: string;
  /** Sent as `Authorization: Bearer <key>`; never logged. */
  key: string;
  /** Per call, the whole exchange (connect, send, answer); then -607. */
  timeoutMs: number;
  /** For tests; global fetch by default. */
  fetch?: typeof fetch;
}

export const DEFAULT_AUTHORITY_TIMEOUT_MS = 15_000;

/** Codes the check may answer (shared/src/domains/identity: the guidance table's codes). */
const KNOWN_CODES: ReadonlySet<number> = new Set(IDENTITY_DECISION_CODES);

/** The authority over HTTP (JSON, images in base64), with global fetch and a timeout per call. */
export function createHttpAuthority(options: HttpAuthorityOptions): IdentityAuthority {
  // The platform's provider client: the body is read under the same timeout (a server that
  // stalls mid-answer is a timeout too), no redirects, no retries.
  const client = providerClient({ url: options.url, bearer: options.key, timeoutMs: options.timeoutMs, ...(options.fetch ? { fetch: options.fetch } : {}) });

  async function call<T>(path: string, body: unknown, answer: z.ZodType<T>): Promise<AuthorityResult<T>> {
    const res = await client.send({ method: 'POST', path, body });
    if (!res.ok) return failure(res.failure);
    let json: unknown;
    try {
      json = JSON.parse(res.text);
    } catch {
      return failure((res.status >= 200 && res.status < 300) || res.status === 422 ? 'bad_answer' : 'status');
    }
    if (res.status === 422) {
      const refused = CodeAnswer.safeParse(json);
      if (!refused.success) return failure('bad_answer');
      return KNOWN_CODES.has(refused.data.code) ? { ok: false, code: refused.data.code } : failure('unknown_code');
    }
    if (res.status === 401 || res.status === 403) return failure('unauthorized');
    if (res.status !== 200) return failure('status');
    const parsed = answer.safeParse(json);
    return parsed.success ? { ok: true, value: parsed.data } : failure('bad_answer');
  }

  return {
    readDocument: (image, side) =>
      call(
        '/v1/documents/read',
        { image: image.toString('base64'), sha256: createHash('sha256').update(image).digest('hex'), side },
        DocumentReadAnswer,
      ),
    compareFaces: (query) =>
      call(
        '/v1/faces/compare',
        {
          document: query.document,
          document_image: query.documentImage.toString('base64'),
          frames: query.frames.map((f) => f.toString('base64')),
          prompt: query.prompt,
        },
        FaceCompareAnswer,
      ),
    verifyPerson: (query) => call('/v1/persons/verify', { ...query, nationality: unpad(query.nationality) }, PersonVerifyAnswer),
  };
}
