import { createHash, randomBytes, randomInt } from 'node:crypto';
import {
  DOCUMENT_SIDES,
  FACE_CHALLENGE_TTL_S,
  FACE_FRAMES_MIN,
  documentKindFor,
  IDENTITY_ERROR_CODES,
  isIdentityChecked,
  type ActivationMethodBody,
  type DocumentKind,
  type DocumentReadResponse,
  type DocumentUploadFields,
  type FaceChallengeResponse,
  type FacePrompt,
  type FlowStatusResponse,
  type IdDetailsBody,
  type IdentityCheckResponse,
  type ServerFlowContext,
  type StepName,
} from '@join/shared/contract';
import type { IdentityDeps } from './deps';
import type { IdentityCheckRecord, NewIdentityDecision } from './repository';
import type { Caller } from '../../platform/caller';
import { badRequest, stepNotAllowed } from '../../platform/refusals';
import { loadFlowStatus, type ServerFlowStatus } from '../flow';
import { IDENTITY_API_FAILURE, type AuthorityResult } from './authority-client';
import { detailsChanged, faceChallengeInvalid, identityRefusal, outOfOrder } from './errors';
import {
  effectOfRefusal,
  isDocumentComplete,
  localRefusal,
  maskNumber,
  portraitOf,
  remainingSides,
  RESIDENCY_EXISTS,
  RESIDENT_WITH_PASSPORT,
  RETRY_SCAN,
  sameDetails,
  sameDocument,
  UNCORRELATED_IDENTIFIERS,
} from './identity-check';

/**
 * The identity check's rules (api/README.md "Identity check"), without HTTP: the activation
 * method, the document sides, the live face challenge and the face, and the decision on the
 * confirmed details. Everything is the caller's own: the pending check is looked up by the
 * caller's uid only. Reading multipart bodies stays the routes'.
 */

/** SPEC 8 -620 "no match". */
const FACE_NO_MATCH = -620;

const sha256Hex = (value: string): string => createHash('sha256').update(value).digest('hex');


/** The step an identity call acts for: a visitor's id_check, a resident's activation_method. */
export const identityStep = (context: ServerFlowContext): StepName => (context.resident_type === 'non_resident' ? 'id_check' : 'activation_method');

/** The residency and SIM type, both answered (else the document and face are out of order). */
function answered(context: ServerFlowContext) {
  const { resident_type: residentType, sim_type: simType } = context;
  if (residentType === null || simType === null) throw outOfOrder('Choose your residency and SIM type first (activation method)');
  return { residentType, simType };
}

/** The caller's account: the check is an e-mail login's (the steps' rules), and is that account's. */
function accountOf(caller: Caller): string {
  if (caller.accountId === null) throw stepNotAllowed('activation_method');
  return caller.accountId;
}

/** A face ready to be checked: the complete document, its portrait, and the answered residency. */
export interface FaceReady {
  context: ServerFlowContext;
  check: IdentityCheckRecord & { details: NonNullable<IdentityCheckRecord['details']> };
  portrait: NonNullable<ReturnType<typeof portraitOf>>;
}

export type IdentityService = ReturnType<typeof identityService>;

export function identityService(ctx: IdentityDeps) {
  const flowStatusOf = async (caller: Caller): Promise<FlowStatusResponse> => {
    const { flags, context } = await loadFlowStatus(ctx, caller);
    return { flow_status_flags: flags, flow_context: context };
  };

  /** The step guard let the call through; the check must also not have passed already. */
  async function openCheck(caller: Caller, step: StepName): Promise<ServerFlowStatus> {
    const status = await loadFlowStatus(ctx, caller);
    if (isIdentityChecked(status.flags)) throw stepNotAllowed(step);
    return status;
  }

  const refuse = (caller: Caller, where: string, result: AuthorityResult<unknown> & { ok: false }): never => {
    if (result.code === IDENTITY_API_FAILURE) caller.log.warn({ event: 'identity_authority_failed', where, reason: result.reason }, 'identity authority failed');
    else caller.log.info({ event: 'identity_refused', where, code: result.code }, 'identity check refused');
    throw identityRefusal(result.code);
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
    // The decision is the account's that made the check, with the name the document carries for a pickup's hand-over.
    accountId: outcome.accountId,
    holderName: [details.given_names, details.surname].filter((n) => n.trim() !== '').join(' ') || null,
  });

  /** A refusal about the person or the face, stored (code and time, the document's data, no image). */
  const recordRefusal = async (caller: Caller, check: IdentityCheckRecord, context: ServerFlowContext, code: number, liveness: 'passed' | null) => {
    const { residentType, simType } = answered(context);
    const details = check.details;
    if (!details) return;
    await ctx.repos.recordIdentityDecision(caller.uid, decisionOf(details, residentType, simType, { code, personRef: null, liveness, accountId: caller.accountId }), effectOfRefusal(code));
  };

  /** The face step's preconditions: the check open, the residency answered, every side sent with a portrait. */
  async function faceReady(caller: Caller, step: StepName): Promise<FaceReady> {
    const { context } = await openCheck(caller, step);
    answered(context);
    const check = await ctx.repos.getIdentityCheck(caller.uid, ctx.now());
    if (!isDocumentComplete(check)) throw outOfOrder('Send every side of the document first');
    const portrait = portraitOf(check);
    if (!portrait) throw outOfOrder('Send every side of the document first');
    return { context, check, portrait };
  }

  return {
    /** The step the caller's identity calls act for, from the stored residency. */
    async stepOf(uid: string): Promise<StepName> {
      return identityStep(await ctx.repos.getFlowContext(uid));
    },

    /** 1. Residency and SIM type; a new residency drops the pending check. Answers the flow status. */
    async setActivationMethod(caller: Caller, body: ActivationMethodBody): Promise<FlowStatusResponse> {
      const { droppedPendingCheck } = await ctx.repos.setActivationMethod(caller.uid, body.resident_type, body.sim_type);
      caller.log.info({ event: 'activation_method', ...body, dropped_pending_check: droppedPendingCheck }, 'activation method chosen');
      return flowStatusOf(caller);
    },

    openCheck,

    /** The pending check, for a page that reloaded mid-check: sides still wanted, details, face matched. No image. */
    async pendingCheck(caller: Caller, step: StepName): Promise<IdentityCheckResponse> {
      const { context } = await openCheck(caller, step);
      const kind = context.resident_type ? documentKindFor(context.resident_type) : null;
      const check = await ctx.repos.getIdentityCheck(caller.uid, ctx.now());
      if (!check || check.kind !== kind) return { check: null };
      return {
        check: { kind: check.kind, remaining_sides: remainingSides(check.kind, check.sides), details: check.details, face_matched: check.faceMatchedAt !== null },
      };
    },

    /** The document kind the caller sends (the check open, the residency answered), before the image is read. */
    async documentKind(caller: Caller, step: StepName): Promise<DocumentKind> {
      const { context } = await openCheck(caller, step);
      return documentKindFor(answered(context).residentType);
    },

    /** 2. One side of the document: read by the authority, kept until the decision (or 30 minutes). */
    async readDocumentSide(caller: Caller, kind: DocumentKind, { side, source }: DocumentUploadFields, image: Buffer): Promise<DocumentReadResponse> {
      const { uid } = caller;
      if (!DOCUMENT_SIDES[kind].includes(side)) {
        throw badRequest('body.side', kind === 'emirates_id' ? 'must be front or back for an Emirates ID' : 'must be data_page for a passport');
      }
      const read = await ctx.authority.readDocument(image, side);
      if (!read.ok) return refuse(caller, 'document', read);
      const { document, face_found: faceFound, mrz_found: mrzFound } = read.value;
      if (document !== null && document.kind !== kind) {
        // A resident verifies with the Emirates ID (-611); a visitor's Emirates ID says they are one (-614).
        throw identityRefusal(kind === 'emirates_id' ? RESIDENT_WITH_PASSPORT : RESIDENCY_EXISTS);
      }
      // The back of an Emirates ID and a passport's data page carry the machine-readable zone.
      if (side !== 'front' && document === null) throw identityRefusal(RETRY_SCAN);
      const now = ctx.now();
      const pending = await ctx.repos.getIdentityCheck(uid, now);
      const otherSides = pending?.kind === kind ? pending.sides.filter((s) => s.side !== side && s.document !== null) : [];
      if (document !== null && otherSides.some((s) => s.document !== null && !sameDocument(s.document, document))) {
        // Two cards in one check: start again with both sides of one card.
        await ctx.repos.deleteIdentityCheck(uid);
        caller.log.info({ event: 'identity_refused', where: 'document', code: UNCORRELATED_IDENTIFIERS }, 'identity check refused');
        throw identityRefusal(UNCORRELATED_IDENTIFIERS);
      }
      const saved = await ctx.repos.saveDocumentSide(uid, accountOf(caller), kind, { side, image, source, document, faceFound }, document, now, ctx.identity.pendingTtlMs);
      caller.log.info(
        { event: 'identity_document_read', kind, side, source, mrz_found: mrzFound, face_found: faceFound, number_masked: maskNumber(document?.number) },
        'identity document read',
      );
      return { kind, side, remaining_sides: remainingSides(kind, saved.sides), details: saved.details };
    },

    /**
     * 3a. A live face challenge: a random prompt and a nonce for this session only, single use,
     * until it expires; a new challenge replaces the session's earlier one. Only the nonce's hash
     * is stored.
     */
    async faceChallenge(caller: Caller, tokenHash: string, step: StepName): Promise<FaceChallengeResponse> {
      await faceReady(caller, step);
      const nonce = randomBytes(32).toString('base64url');
      const prompts = ctx.identity.facePrompts;
      const prompt: FacePrompt = prompts[randomInt(prompts.length)] ?? 'closer';
      const now = ctx.now();
      await ctx.repos.setFaceChallenge(tokenHash, { uid: caller.uid, nonceHash: sha256Hex(nonce), prompt, issuedAt: now, expiresAt: now + FACE_CHALLENGE_TTL_S * 1000 });
      caller.log.info({ event: 'identity_face_challenge', prompt }, 'face challenge issued');
      return { nonce, prompt, expires_in: FACE_CHALLENGE_TTL_S, frames: FACE_FRAMES_MIN };
    },

    faceReady,

    /**
     * 3b. The face: the challenge is taken first (any attempt uses it up); the authority checks
     * the movement, that one live person is there and not the document's portrait, and compares
     * the face with its reference portrait of the holder and with the document's portrait.
     */
    async checkFace(caller: Caller, tokenHash: string, { context, check, portrait }: FaceReady, nonce: string, frames: Buffer[]): Promise<{ face_matched: true }> {
      const challenge = await ctx.repos.takeFaceChallenge(tokenHash, sha256Hex(nonce), ctx.now());
      if (!challenge || challenge.uid !== caller.uid) {
        caller.log.info({ event: 'identity_refused', where: 'face', code: IDENTITY_ERROR_CODES.faceChallenge }, 'face challenge refused');
        throw faceChallengeInvalid();
      }
      const details = check.details;
      const compared = await ctx.authority.compareFaces({ document: { kind: details.kind, number: details.number }, documentImage: portrait.image, frames, prompt: challenge.prompt });
      if (!compared.ok) {
        if (compared.code !== IDENTITY_API_FAILURE) await recordRefusal(caller, check, context, compared.code, null);
        return refuse(caller, 'face', compared);
      }
      if (!(await ctx.repos.setFaceMatched(caller.uid, compared.value.liveness, ctx.now(), compared.value.person_ref))) {
        throw outOfOrder('The document has expired from the check: send it again');
      }
      caller.log.info({ event: 'identity_face_matched', score: compared.value.score, prompt: challenge.prompt }, 'identity face matched');
      return { face_matched: true };
    },

    /** 4. The confirmed details: the API's own checks, then the authority's decision. Answers the flow status. */
    async decide(caller: Caller, context: ServerFlowContext, body: IdDetailsBody): Promise<FlowStatusResponse> {
      const { uid } = caller;
      const { residentType, simType } = answered(context);
      const check = await ctx.repos.getIdentityCheck(uid, ctx.now());
      if (!isDocumentComplete(check)) throw outOfOrder('Send every side of the document first');
      if (check.faceMatchedAt === null) throw outOfOrder('Take the face photo first');
      if (!sameDetails(body, check.details)) throw detailsChanged();
      const details = check.details;
      const liveness = check.liveness;
      const local = localRefusal(details, ctx.now());
      if (local !== null) {
        await recordRefusal(caller, check, context, local, liveness);
        caller.log.info({ event: 'identity_refused', where: 'details', code: local, number_masked: maskNumber(details.number) }, 'identity check refused');
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
      // The authority ran the check (whatever it found): a shop's audit line, no personal data.
      await ctx.retailAudit.record(uid, 'identity_check_run', null);
      if (!verified.ok) {
        if (verified.code !== IDENTITY_API_FAILURE) await recordRefusal(caller, check, context, verified.code, liveness);
        return refuse(caller, 'details', verified);
      }
      if (verified.value.person_ref !== check.facePersonRef) {
        // The face was not compared with this person's reference portrait: no match.
        await recordRefusal(caller, check, context, FACE_NO_MATCH, liveness);
        caller.log.info({ event: 'identity_refused', where: 'details', code: FACE_NO_MATCH, number_masked: maskNumber(details.number) }, 'identity check refused');
        throw identityRefusal(FACE_NO_MATCH);
      }
      // SPEC 2: a resident with a physical SIM pays on delivery (resident done, the delivery form
      // opens); the eSIM and every visitor pay online (id verified).
      const flag = residentType === 'resident' && simType === 'physical' ? 'resident_done' : 'id_verified';
      await ctx.repos.recordIdentityDecision(
        uid,
        decisionOf(details, residentType, simType, { code: null, personRef: verified.value.person_ref, liveness, accountId: accountOf(caller) }),
        { kind: 'verified', flag },
      );
      caller.log.info({ event: 'identity_verified', kind: details.kind, flag, number_masked: maskNumber(details.number) }, 'identity verified');
      return flowStatusOf(caller);
    },
  };
}
