import { z } from 'zod';

/**
 * The identity domain's payloads. The location check (SPEC 7 "GET
 * /securitymanagement/check_location.json", query lat, lng, process_id=1). The API parses the
 * query with this very schema and the location page parses the answer with it.
 */

/**
 * A coordinate as the query carries it: a plain decimal (an optional minus, up to 3 digits,
 * up to 10 decimals), nothing else: no exponent, no spaces, no "+", no hex, no NaN or Infinity,
 * which Number() would all let through. 10 decimals is far below a millimetre; the page sends 5.
 */
const DECIMAL_RE = /^-?\d{1,3}(\.\d{1,10})?$/;
const coordinate = (min: number, max: number) =>
  z
    .string()
    .regex(DECIMAL_RE, 'must be a decimal number such as 25.2048')
    .transform(Number)
    .pipe(z.number().min(min, `must be between ${min} and ${max}`).max(max, `must be between ${min} and ${max}`));

/** The SPEC's only process: the activation's location check. */
export const LOCATION_PROCESS_ID = '1';

export const CheckLocationQuery = z
  .object({
    lat: coordinate(-90, 90),
    lng: coordinate(-180, 180),
    process_id: z.literal(LOCATION_PROCESS_ID, { error: `must be ${LOCATION_PROCESS_ID}` }),
  })
  .strict();
export type CheckLocationQuery = z.infer<typeof CheckLocationQuery>;

/**
 * Our shape of the answer (SPEC 7 names the call, not its body): only whether the point is
 * inside the UAE. The server keeps that and nothing else of the position (the flow context's
 * inside_uae); the coordinates are neither stored nor logged.
 */
export const CheckLocationResponse = z.object({ inside_uae: z.boolean() });
export type CheckLocationResponse = z.infer<typeof CheckLocationResponse>;

/** How the page writes a coordinate for the query: 5 decimals (about a metre), never an exponent. */
export function coordinateParam(value: number): string {
  return value.toFixed(5);
}

// ---------------------------------------------------------------------------------------------
// Residency, activation method, document and face, id details.
// The two paths (mfe-identity/README.md has the table): a resident verifies on
// /activation_method (Emirates ID front and back, then the face); a non-resident on /id_check
// (passport data page, then the face). Both confirm the details read from the document with
// POST /me/id_details, which asks the identity authority for the decision.
// ---------------------------------------------------------------------------------------------

/**
 * POST /me/activation_method: the visitor's two answers on /activation_method. Accepted until
 * the identity check has passed (then 409 step_not_allowed); a changed residency drops any
 * document or face already sent (a passport is not an Emirates ID). Answer: the flow status.
 */
export const ActivationMethodBody = z
  .object({
    resident_type: z.enum(['resident', 'non_resident'], { error: 'must be resident or non_resident' }),
    sim_type: z.enum(['esim', 'physical'], { error: 'must be esim or physical' }),
  })
  .strict();
export type ActivationMethodBody = z.infer<typeof ActivationMethodBody>;

/** The documents of the check: residents an Emirates ID (front and back), visitors a passport. */
export const DocumentKind = z.enum(['emirates_id', 'passport']);
export type DocumentKind = z.infer<typeof DocumentKind>;

/** The sides of each document, in the order the pages ask for them. */
export const DocumentSide = z.enum(['front', 'back', 'data_page']);
export type DocumentSide = z.infer<typeof DocumentSide>;
export const DOCUMENT_SIDES: Readonly<Record<DocumentKind, readonly DocumentSide[]>> = {
  emirates_id: ['front', 'back'],
  passport: ['data_page'],
};

/** Which document a residency answer needs (SPEC 8 -611/-612: residents verify with the Emirates ID). */
export function documentKindFor(residentType: 'resident' | 'non_resident'): DocumentKind {
  return residentType === 'resident' ? 'emirates_id' : 'passport';
}

/**
 * Images the check takes, checked in the browser before sending and again on the server from
 * the file's own bytes (SPEC 8: -642 unsupported image format, -644 image too large).
 */
export const DOCUMENT_IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;
export const DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_FORMAT_CODE = -642;
export const IMAGE_TOO_LARGE_CODE = -644;

/** How the image was taken: the camera page, or a file the visitor chose. */
export const ImageSource = z.enum(['scan', 'upload']);
export type ImageSource = z.infer<typeof ImageSource>;

/**
 * The multipart fields of POST /identity/document besides the file (field `image`).
 * The server knows the document kind from the residency answer.
 */
export const DocumentUploadFields = z.object({ side: DocumentSide, source: ImageSource }).strict();
export type DocumentUploadFields = z.infer<typeof DocumentUploadFields>;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD');

/**
 * What the document's machine-readable zone says (the authority reads it; check digits
 * checked), shown to the visitor to confirm and sent back unchanged with POST /me/id_details.
 */
export const DocumentDetails = z
  .object({
    kind: DocumentKind,
    /** Passport number, or the Emirates ID card number. */
    number: z.string().min(1).max(20),
    /** The 15-digit Emirates ID number (784-YYYY-NNNNNNN-C); null on a passport. */
    id_number: z.string().regex(/^784\d{12}$/, 'must be 15 digits starting 784').nullable().default(null),
    /** ICAO 3-letter codes. */
    issuing_country: z.string().regex(/^[A-Z<]{3}$/),
    nationality: z.string().regex(/^[A-Z<]{3}$/),
    surname: z.string().max(60),
    given_names: z.string().max(60),
    birth_date: isoDate,
    expiry_date: isoDate,
    sex: z.enum(['F', 'M', 'X']),
  })
  .strict();
export type DocumentDetails = z.infer<typeof DocumentDetails>;

/** Answer of POST /identity/document: the sides still to send, and the details once read. */
export const DocumentReadResponse = z.object({
  kind: DocumentKind,
  side: DocumentSide,
  /** Sides of this document not yet received, in order (empty: go on to the face). */
  remaining_sides: z.array(DocumentSide),
  /** Read from the machine-readable zone once the side that carries it is in; else null. */
  details: DocumentDetails.nullable(),
});
export type DocumentReadResponse = z.infer<typeof DocumentReadResponse>;

/**
 * The face check's live challenge: the selfie comes from the camera, following a prompt
 * the server chose. POST /identity/face/challenge issues a nonce bound to the session and a random
 * prompt; the page shows the prompt, the visitor follows it, and the page sends the frames it took
 * meanwhile (the first before the movement, the last after it) with the nonce to POST
 * /identity/face. The identity authority checks on those frames that the face moved as asked
 * (and is one live person, not the document's portrait): a client's word for liveness means
 * nothing. A nonce is good for one attempt, for its session only, until it expires.
 *
 * The prompts are the visitor's: "left" is to the visitor's left. In the camera's own picture
 * (unmirrored, as sent) moving to one's left moves the face to the picture's right.
 */
export const FACE_PROMPTS = ['closer', 'farther', 'left', 'right'] as const;
export const FacePrompt = z.enum(FACE_PROMPTS);
export type FacePrompt = z.infer<typeof FacePrompt>;

/** How many frames POST /identity/face takes (multipart files `frame`, in the order taken). */
export const FACE_FRAMES_MIN = 3;
export const FACE_FRAMES_MAX = 6;
/** Each frame at most this big (a camera frame is about 50-150 KB as a JPEG): larger is -644. */
export const FACE_FRAME_MAX_BYTES = 1024 * 1024;
/** How long a challenge may be answered, seconds: time to get placed and to follow the prompt. */
export const FACE_CHALLENGE_TTL_S = 180;

/** A nonce as the server issues it: 32 random bytes, base64url. */
const Nonce = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'must be the nonce of a face challenge');

/** Answer of POST /identity/face/challenge (no body). */
export const FaceChallengeResponse = z.object({
  nonce: Nonce,
  prompt: FacePrompt,
  /** Seconds until the challenge expires. */
  expires_in: z.number().int().positive(),
  /** How many frames to send. */
  frames: z.number().int().min(FACE_FRAMES_MIN).max(FACE_FRAMES_MAX),
});
export type FaceChallengeResponse = z.infer<typeof FaceChallengeResponse>;

/**
 * The multipart fields of POST /identity/face besides the frames: the challenge's nonce, nothing
 * else (a `liveness` field, as older pages sent, is refused: the server decides that).
 */
export const FaceUploadFields = z.object({ nonce: Nonce }).strict();
export type FaceUploadFields = z.infer<typeof FaceUploadFields>;

/** Answer of POST /identity/face: the face matches the document's photo. */
export const FaceCheckResponse = z.object({ face_matched: z.literal(true) });
export type FaceCheckResponse = z.infer<typeof FaceCheckResponse>;

/**
 * POST /me/id_details (SPEC 7, body not shown): the details as the visitor confirmed them. They
 * must equal what the server read from the document (else 409 details_changed: the page is
 * stale); the server asks the authority and stores the decision. Answer: the flow status.
 */
export const IdDetailsBody = DocumentDetails;
export type IdDetailsBody = DocumentDetails;

/** String codes of the identity endpoints besides SPEC 8's numbers. */
export const IDENTITY_ERROR_CODES = {
  /** A document or face sent before the activation method was answered, or out of order. */
  checkOutOfOrder: 'identity_out_of_order',
  /** POST /me/id_details with details other than the document's (a stale page). */
  detailsChanged: 'details_changed',
  /** POST /identity/face with a nonce that is unknown, used, expired or another session's: ask for a new challenge. */
  faceChallenge: 'face_challenge_invalid',
} as const;

// ---------------------------------------------------------------------------------------------
// The decision's codes (SPEC 8) -> what the visitor can do next, shown where they can act.
// ---------------------------------------------------------------------------------------------

/**
 * What a code asks of the visitor:
 * - retake_document: scan the document again (better light, flat, all corners in the frame);
 * - upload_document: a file the server cannot take (format, size): choose another image;
 * - retake_face: take the face photo again (alone, facing the camera, good light);
 * - use_emirates_id: a resident presented a passport (-611, -612, -614): go back and answer
 *   "I live in the UAE" to verify with the Emirates ID;
 * - other_document: the document itself is refused (expired, invalid): use another valid one;
 * - check_details: the details do not match the records: check the document and try again;
 * - retry_later: the authority could not be reached (-607): try again in a moment;
 * - contact: only the operator can help (records, blacklist): message us / call;
 * - max_sims: the SIM limit (SPEC 4 max_sims_redirect: the help page);
 * - ended: under 18 (-10018): the path ends, politely.
 */
export const GUIDANCE_KINDS = [
  'retake_document',
  'upload_document',
  'retake_face',
  'use_emirates_id',
  'other_document',
  'check_details',
  'retry_later',
  'contact',
  'max_sims',
  'ended',
] as const;
export type GuidanceKind = (typeof GUIDANCE_KINDS)[number];

/** Where the guidance shows: the screen where the visitor can act on it. */
export type GuidanceScreen = 'document' | 'face' | 'details';

export interface Guidance {
  readonly kind: GuidanceKind;
  readonly screen: GuidanceScreen;
}

const g = (kind: GuidanceKind, screen: GuidanceScreen): Guidance => Object.freeze({ kind, screen });

const GUIDANCE_TABLE: ReadonlyArray<readonly [readonly number[], Guidance]> = [
  [[-606, -608, -645, -646, -617, -619, -624, -625, -626, -627, -628, -629, -630, -631, -632, -633, -634, -635, -636, -637, -638], g('retake_document', 'document')],
  [[-642, -644], g('upload_document', 'document')],
  [[-620, -622, -643], g('retake_face', 'face')],
  [[-611, -612, -614], g('use_emirates_id', 'details')],
  [[-618, -639], g('other_document', 'document')],
  [[-609, -640, -641], g('check_details', 'details')],
  [[-607], g('retry_later', 'details')],
  [[-116, -615, -616, -621, -623], g('contact', 'details')],
  [[-169, -578, -579, -584], g('max_sims', 'details')],
  [[-10018], g('ended', 'details')],
];

const GUIDANCE_BY_CODE: ReadonlyMap<number, Guidance> = new Map(GUIDANCE_TABLE.flatMap(([codes, gd]) => codes.map((c) => [c, gd] as const)));

/** Every SPEC 8 code the identity check can answer. */
export const IDENTITY_DECISION_CODES: readonly number[] = [...GUIDANCE_BY_CODE.keys()];

/** The guidance of an identity code; null for a code the check does not answer. */
export function guidanceForCode(code: number | string | null | undefined): Guidance | null {
  const n = typeof code === 'string' && /^-?\d+$/.test(code) ? Number(code) : code;
  return typeof n === 'number' ? (GUIDANCE_BY_CODE.get(n) ?? null) : null;
}

/**
 * GET /identity/check: the visitor's pending check as the server holds it (the page keeps the
 * details in memory only, so a reload or the language switch, which reloads, resumes from here):
 * null when there is none live.
 */
export const IdentityCheckResponse = z.object({
  check: z
    .object({
      kind: DocumentKind,
      remaining_sides: z.array(DocumentSide),
      details: DocumentDetails.nullable(),
      face_matched: z.boolean(),
    })
    .nullable(),
});
export type IdentityCheckResponse = z.infer<typeof IdentityCheckResponse>;
