import { createHash, randomBytes, randomInt } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ActivationMethodBody,
  DOCUMENT_SIDES,
  DocumentUploadFields,
  FACE_CHALLENGE_TTL_S,
  FACE_FRAME_MAX_BYTES,
  FACE_FRAMES_MAX,
  FACE_FRAMES_MIN,
  FaceUploadFields,
  IdDetailsBody,
  documentKindFor,
  IDENTITY_ERROR_CODES,
  isIdentityChecked,
  type DocumentReadResponse,
  type FaceChallengeResponse,
  type FaceCheckResponse,
  type FacePrompt,
  type IdentityCheckResponse,
  FlowStatusResponse,
  type ServerFlowContext,
  type StepName,
} from '@join/shared/contract';
import type { AppContext } from '../../app-context';
import type { IdentityCheckRecord, NewIdentityDecision } from '../../data/store';
import { loadFlowStatus, type FlowStatusCaller, type ServerFlowStatus } from '../flow/flow-context';
import { badRequest, HttpError } from '../../platform/http/http-error';
import { authOf } from '../../platform/http/session-auth';
import { stepNotAllowed } from '../../platform/http/step-guard';
import { parseInput } from '../../platform/http/validate';
import { IDENTITY_API_FAILURE, type AuthorityResult } from './authority-client';
import {
  detailsChanged,
  effectOfRefusal,
  identityRefusal,
  isDocumentComplete,
  localRefusal,
  maskNumber,
  outOfOrder,
  portraitOf,
  remainingSides,
  RESIDENCY_EXISTS,
  RESIDENT_WITH_PASSPORT,
  RETRY_SCAN,
  sameDetails,
  sameDocument,
  UNCORRELATED_IDENTIFIERS,
} from './identity-check';
import { readImageForm, readImagesForm } from './image-upload';
import { rateLimitHook } from '../../platform/http/rate-limits';

/**
 * The identity check (issue 12; api/README.md "Identity check"): the activation method's
 * answers, the document (an Emirates ID's front and back for a resident, a passport's data page
 * for a visitor), the face, and the decision on the confirmed details. Everything is the
 * session user's own: the pending check is looked up by the session's uid only.
 *
 * Access: a resident checks on the activation_method step, a visitor on the id_check step (the
 * kernel's isStepAllowed, through the step guard: 409 step_not_allowed), and only while the
 * identity check has not passed (isIdentityChecked). Out of order (a document before the
 * activation method, a face before the document, details before the face): 409
 * identity_out_of_order.
 */

/** SPEC 8 -620 "no match". */
const FACE_NO_MATCH = -620;

const sha256Hex = (value: string): string => createHash('sha256').update(value).digest('hex');

/** 409 face_challenge_invalid: the page asks for a new challenge and the visitor tries again. */
const faceChallengeInvalid = () =>
  new HttpError(409, IDENTITY_ERROR_CODES.faceChallenge, 'The face check timed out or was already used: start the face scan again');

/** The step each identity call acts for, decided from the stored residency before the step guard runs. */
const stepOfRequest = new WeakMap<FastifyRequest, StepName>();

const identityStep = (context: ServerFlowContext): StepName =>
  context.resident_type === 'non_resident' ? 'id_check' : 'activation_method';

async function flowStatusOf(ctx: AppContext, caller: FlowStatusCaller): Promise<FlowStatusResponse> {
  const { flags, context } = await loadFlowStatus(ctx, caller);
  return { flow_status_flags: flags, flow_context: context };
}

/** The step guard let the call through; the check must also not have passed already. */
async function openCheck(ctx: AppContext, request: FastifyRequest, step: StepName): Promise<ServerFlowStatus> {
  const status = await loadFlowStatus(ctx, authOf(request));
  if (isIdentityChecked(status.flags)) throw stepNotAllowed(step);
  return status;
}

/** The session's account: the check is an e-mail login's (the steps' rules), and is that account's (issue 23). */
function accountOf(request: FastifyRequest): string {
  const { accountId } = authOf(request);
  if (accountId === null) throw stepNotAllowed('activation_method');
  return accountId;
}

/** The residency and SIM type, both answered (else the document and face are out of order). */
function answered(context: ServerFlowContext) {
  const { resident_type: residentType, sim_type: simType } = context;
  if (residentType === null || simType === null) throw outOfOrder('Choose your residency and SIM type first (activation method)');
  return { residentType, simType };
}

export async function identityRoutes(base: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  // Only the identity routes read multipart bodies; limits are set per call (image-upload.ts).
  await app.register(multipart, { throwFileSizeLimit: true });
  const budget = rateLimitHook(app, ctx.rateLimit.identityMax, ctx.rateLimit.windowMs);
  const byResidency = {
    onRequest: budget,
    // Before the step guard (a preHandler): which step this call acts for depends on the residency.
    preValidation: async (request: FastifyRequest) => {
      stepOfRequest.set(request, identityStep(await ctx.store.getFlowContext(authOf(request).uid)));
    },
    config: { flowStep: (request: FastifyRequest) => stepOfRequest.get(request) ?? 'activation_method' },
  };
  const stepOf = (request: FastifyRequest): StepName => stepOfRequest.get(request) ?? 'activation_method';

  const refuse = (request: FastifyRequest, where: string, result: AuthorityResult<unknown> & { ok: false }): never => {
    if (result.code === IDENTITY_API_FAILURE) request.log.warn({ event: 'identity_authority_failed', where, reason: result.reason }, 'identity authority failed');
    else request.log.info({ event: 'identity_refused', where, code: result.code }, 'identity check refused');
    throw identityRefusal(result.code);
  };

  /** A refusal about the person or the face, stored (code and time, the document's data, no image). */
  const recordRefusal = async (request: FastifyRequest, check: IdentityCheckRecord, context: ServerFlowContext, code: number, liveness: 'passed' | null) => {
    const { uid, accountId } = authOf(request);
    const { residentType, simType } = answered(context);
    const details = check.details;
    if (!details) return;
    await ctx.store.recordIdentityDecision(uid, decisionOf(details, residentType, simType, { code, personRef: null, liveness, accountId }), effectOfRefusal(code));
  };
  const decisionOf = (
    details: NonNullable<IdentityCheckRecord['details']>,
    residentType: NewIdentityDecision['residentType'],
    simType: NewIdentityDecision['simType'],
    outcome: { code: number | null; personRef: string | null; liveness: 'passed' | null; accountId: string | null },
  ): NewIdentityDecision => ({
    outcome: outcome.code === null ? 'verified' : 'refused',
    code: outcome.code,
    documentKind: details.kind,
    documentNumber: details.number,
    expiryDate: details.expiry_date,
    birthDate: details.birth_date,
    residentType,
    simType,
    personRef: outcome.personRef,
    liveness: outcome.liveness,
    decidedAt: ctx.now(),
    // The decision is the account's that made the check (issue 23), with the name the document
    // carries for a pickup's hand-over.
    accountId: outcome.accountId,
    holderName: [details.given_names, details.surname].filter((n) => n.trim() !== '').join(' ') || null,
  });

  /** 1. Residency and SIM type; a new residency drops the pending check. Answers the flow status. */
  app.post(
    '/me/activation_method',
    { schema: { body: ActivationMethodBody, response: { 200: FlowStatusResponse } }, onRequest: budget, config: { flowStep: 'activation_method' } },
    async (request) => {
      const auth = authOf(request);
      await openCheck(ctx, request, 'activation_method');
      const { body } = request;
      const { droppedPendingCheck } = await ctx.store.setActivationMethod(auth.uid, body.resident_type, body.sim_type);
      request.log.info({ event: 'activation_method', ...body, dropped_pending_check: droppedPendingCheck }, 'activation method chosen');
      return flowStatusOf(ctx, auth);
    },
  );

  /** The pending check, for a page that reloaded mid-check: sides still wanted, details, face matched. No image. */
  app.get('/identity/check', byResidency, async (request): Promise<IdentityCheckResponse> => {
    const { uid } = authOf(request);
    const { context } = await openCheck(ctx, request, stepOf(request));
    const kind = context.resident_type ? documentKindFor(context.resident_type) : null;
    const check = await ctx.store.getIdentityCheck(uid, ctx.now());
    if (!check || check.kind !== kind) return { check: null };
    return {
      check: { kind: check.kind, remaining_sides: remainingSides(check.kind, check.sides), details: check.details, face_matched: check.faceMatchedAt !== null },
    };
  });

  /** 2. One side of the document: read by the authority, kept until the decision (or 30 minutes). */
  app.post('/identity/document', byResidency, async (request, reply): Promise<DocumentReadResponse> => {
    const { uid } = authOf(request);
    const step = stepOf(request);
    const { context } = await openCheck(ctx, request, step);
    const { residentType } = answered(context);
    const kind = documentKindFor(residentType);

    const form = await readImageForm(request, reply, ['side', 'source']);
    const { side, source } = parseInput(DocumentUploadFields, form.fields, 'body');
    if (!DOCUMENT_SIDES[kind].includes(side)) {
      throw badRequest('body.side', kind === 'emirates_id' ? 'must be front or back for an Emirates ID' : 'must be data_page for a passport');
    }

    const read = await ctx.authority.readDocument(form.image, side);
    if (!read.ok) return refuse(request, 'document', read);
    const { document, face_found: faceFound, mrz_found: mrzFound } = read.value;
    if (document !== null && document.kind !== kind) {
      // A resident verifies with the Emirates ID (-611); a visitor's Emirates ID says they are one (-614).
      throw identityRefusal(kind === 'emirates_id' ? RESIDENT_WITH_PASSPORT : RESIDENCY_EXISTS);
    }
    // The back of an Emirates ID and a passport's data page carry the machine-readable zone.
    if (side !== 'front' && document === null) throw identityRefusal(RETRY_SCAN);

    const now = ctx.now();
    const pending = await ctx.store.getIdentityCheck(uid, now);
    const otherSides = pending?.kind === kind ? pending.sides.filter((s) => s.side !== side && s.document !== null) : [];
    if (document !== null && otherSides.some((s) => s.document !== null && !sameDocument(s.document, document))) {
      // Two cards in one check: start again with both sides of one card.
      await ctx.store.deleteIdentityCheck(uid);
      request.log.info({ event: 'identity_refused', where: 'document', code: UNCORRELATED_IDENTIFIERS }, 'identity check refused');
      throw identityRefusal(UNCORRELATED_IDENTIFIERS);
    }
    const saved = await ctx.store.saveDocumentSide(uid, accountOf(request), kind, { side, image: form.image, source, document, faceFound }, document, now, ctx.identity.pendingTtlMs);
    request.log.info(
      { event: 'identity_document_read', kind, side, source, mrz_found: mrzFound, face_found: faceFound, number_masked: maskNumber(document?.number) },
      'identity document read',
    );
    return { kind, side, remaining_sides: remainingSides(kind, saved.sides), details: saved.details };
  });

  /**
   * 3a. A live face challenge (issue 23): a random prompt and a nonce for this session only,
   * single use, until it expires; a new challenge replaces the session's earlier one. Only the
   * nonce's hash is stored.
   */
  app.post('/identity/face/challenge', byResidency, async (request): Promise<FaceChallengeResponse> => {
    const { uid, tokenHash } = authOf(request);
    const { context } = await openCheck(ctx, request, stepOf(request));
    answered(context);
    const check = await ctx.store.getIdentityCheck(uid, ctx.now());
    if (!isDocumentComplete(check) || !portraitOf(check)) throw outOfOrder('Send every side of the document first');
    const nonce = randomBytes(32).toString('base64url');
    const prompts = ctx.identity.facePrompts;
    const prompt: FacePrompt = prompts[randomInt(prompts.length)] ?? 'closer';
    const now = ctx.now();
    await ctx.store.setFaceChallenge(tokenHash, { uid, nonceHash: sha256Hex(nonce), prompt, issuedAt: now, expiresAt: now + FACE_CHALLENGE_TTL_S * 1000 });
    request.log.info({ event: 'identity_face_challenge', prompt }, 'face challenge issued');
    return { nonce, prompt, expires_in: FACE_CHALLENGE_TTL_S, frames: FACE_FRAMES_MIN };
  });

  /**
   * 3b. The face: the frames the camera took while the visitor followed the challenge's prompt,
   * with its nonce. The challenge is taken first (any attempt uses it up); the authority checks
   * the movement, that one live person is there and not the document's portrait, and compares
   * the face with its reference portrait of the document's holder and with the document's
   * portrait. The frames are never stored.
   */
  app.post('/identity/face', byResidency, async (request, reply): Promise<FaceCheckResponse> => {
    const { uid, tokenHash } = authOf(request);
    const { context } = await openCheck(ctx, request, stepOf(request));
    answered(context);
    const check = await ctx.store.getIdentityCheck(uid, ctx.now());
    if (!isDocumentComplete(check)) throw outOfOrder('Send every side of the document first');
    const portrait = portraitOf(check);
    if (!portrait) throw outOfOrder('Send every side of the document first');

    const form = await readImagesForm(request, reply, ['nonce'], { field: 'frame', min: FACE_FRAMES_MIN, max: FACE_FRAMES_MAX, maxBytes: FACE_FRAME_MAX_BYTES });
    try {
      const { nonce } = parseInput(FaceUploadFields, form.fields, 'body');
      const challenge = await ctx.store.takeFaceChallenge(tokenHash, sha256Hex(nonce), ctx.now());
      if (!challenge || challenge.uid !== uid) {
        request.log.info({ event: 'identity_refused', where: 'face', code: IDENTITY_ERROR_CODES.faceChallenge }, 'face challenge refused');
        throw faceChallengeInvalid();
      }
      const details = check.details;
      const compared = await ctx.authority.compareFaces({
        document: { kind: details.kind, number: details.number },
        documentImage: portrait.image,
        frames: form.images,
        prompt: challenge.prompt,
      });
      if (!compared.ok) {
        if (compared.code !== IDENTITY_API_FAILURE) await recordRefusal(request, check, context, compared.code, null);
        return refuse(request, 'face', compared);
      }
      if (!(await ctx.store.setFaceMatched(uid, compared.value.liveness, ctx.now(), compared.value.person_ref))) {
        throw outOfOrder('The document has expired from the check: send it again');
      }
      request.log.info({ event: 'identity_face_matched', score: compared.value.score, prompt: challenge.prompt }, 'identity face matched');
      return { face_matched: true };
    } finally {
      // The frames live in this request only.
      for (const frame of form.images) frame.fill(0);
    }
  });

  /** 4. The confirmed details: the API's own checks, then the authority's decision. Answers the flow status. */
  app.post('/me/id_details', { ...byResidency, schema: { body: IdDetailsBody, response: { 200: FlowStatusResponse } } }, async (request) => {
    const auth = authOf(request);
    const { uid } = auth;
    const { context } = await openCheck(ctx, request, stepOf(request));
    const { body } = request;
    const { residentType, simType } = answered(context);
    const check = await ctx.store.getIdentityCheck(uid, ctx.now());
    if (!isDocumentComplete(check)) throw outOfOrder('Send every side of the document first');
    if (check.faceMatchedAt === null) throw outOfOrder('Take the face photo first');
    if (!sameDetails(body, check.details)) throw detailsChanged();
    const details = check.details;
    const liveness = check.liveness;

    const local = localRefusal(details, ctx.now());
    if (local !== null) {
      await recordRefusal(request, check, context, local, liveness);
      request.log.info({ event: 'identity_refused', where: 'details', code: local, number_masked: maskNumber(details.number) }, 'identity check refused');
      throw identityRefusal(local);
    }

    const verified = await ctx.authority.verifyPerson({
      kind: details.kind,
      number: details.number,
      id_number: details.id_number,
      nationality: details.nationality,
      birth_date: details.birth_date,
      expiry_date: details.expiry_date,
      sex: details.sex,
      declared_residency: residentType,
    });
    if (!verified.ok) {
      if (verified.code !== IDENTITY_API_FAILURE) await recordRefusal(request, check, context, verified.code, liveness);
      return refuse(request, 'details', verified);
    }
    if (verified.value.person_ref !== check.facePersonRef) {
      // The face was not compared with this person's reference portrait (issue 23): no match.
      await recordRefusal(request, check, context, FACE_NO_MATCH, liveness);
      request.log.info({ event: 'identity_refused', where: 'details', code: FACE_NO_MATCH, number_masked: maskNumber(details.number) }, 'identity check refused');
      throw identityRefusal(FACE_NO_MATCH);
    }
    // SPEC 2: a resident with a physical SIM pays on delivery (resident done, the delivery form
    // opens); the eSIM and every visitor pay online (id verified).
    const flag = residentType === 'resident' && simType === 'physical' ? 'resident_done' : 'id_verified';
    await ctx.store.recordIdentityDecision(
      uid,
      decisionOf(details, residentType, simType, { code: null, personRef: verified.value.person_ref, liveness, accountId: accountOf(request) }),
      { kind: 'verified', flag },
    );
    request.log.info({ event: 'identity_verified', kind: details.kind, flag, number_masked: maskNumber(details.number) }, 'identity verified');
    return flowStatusOf(ctx, auth);
  });
}
