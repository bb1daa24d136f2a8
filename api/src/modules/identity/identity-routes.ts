import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ActivationMethodBody,
  DocumentUploadFields,
  FACE_FRAME_MAX_BYTES,
  FACE_FRAMES_MAX,
  FACE_FRAMES_MIN,
  FaceUploadFields,
  IdDetailsBody,
  type DocumentReadResponse,
  type FaceChallengeResponse,
  type FaceCheckResponse,
  type IdentityCheckResponse,
  FlowStatusResponse,
  type StepName,
} from '@join/shared/contract';
import type { IdentityDeps } from './deps';
import { callerOf } from '../../platform/http/caller';
import { rateLimitHook } from '../../platform/http/rate-limits';
import { authOf } from '../../platform/http/session-auth';
import { parseInput } from '../../platform/http/validate';
import { identityService } from './identity-service';
import { readImageForm, readImagesForm } from './image-upload';

/**
 * The identity check (api/README.md "Identity check"): the activation method's
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

/** The step each identity call acts for, decided from the stored residency before the step guard runs. */
const stepOfRequest = new WeakMap<FastifyRequest, StepName>();

export async function identityRoutes(base: FastifyInstance, ctx: IdentityDeps): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  // Only the identity routes read multipart bodies; limits are set per call (image-upload.ts).
  await app.register(multipart, { throwFileSizeLimit: true });
  const budget = rateLimitHook(app, 'identity', ctx.rateLimit.identityMax, ctx.rateLimit.windowMs);
  const identity = identityService(ctx);
  const byResidency = {
    onRequest: budget,
    // Before the step guard (a preHandler): which step this call acts for depends on the residency.
    preValidation: async (request: FastifyRequest) => {
      stepOfRequest.set(request, await identity.stepOf(authOf(request).uid));
    },
    config: { flowStep: (request: FastifyRequest) => stepOfRequest.get(request) ?? 'activation_method' },
  };
  const stepOf = (request: FastifyRequest): StepName => stepOfRequest.get(request) ?? 'activation_method';

  /** 1. Residency and SIM type; a new residency drops the pending check. Answers the flow status. */
  app.post(
    '/me/activation_method',
    { schema: { body: ActivationMethodBody, response: { 200: FlowStatusResponse } }, onRequest: budget, config: { flowStep: 'activation_method' } },
    async (request) => {
      const caller = callerOf(request);
      await identity.openCheck(caller, 'activation_method');
      return identity.setActivationMethod(caller, request.body);
    },
  );

  /** The pending check, for a page that reloaded mid-check: sides still wanted, details, face matched. No image. */
  app.get('/identity/check', byResidency, async (request): Promise<IdentityCheckResponse> => {
    return identity.pendingCheck(callerOf(request), stepOf(request));
  });

  /** 2. One side of the document: read by the authority, kept until the decision (or 30 minutes). */
  app.post('/identity/document', byResidency, async (request, reply): Promise<DocumentReadResponse> => {
    const caller = callerOf(request);
    const kind = await identity.documentKind(caller, stepOf(request));
    const form = await readImageForm(request, reply, ['side', 'source']);
    return identity.readDocumentSide(caller, kind, parseInput(DocumentUploadFields, form.fields, 'body'), form.image);
  });

  /**
   * 3a. A live face challenge: a random prompt and a nonce for this session only,
   * single use, until it expires; a new challenge replaces the session's earlier one. Only the
   * nonce's hash is stored.
   */
  app.post('/identity/face/challenge', byResidency, async (request): Promise<FaceChallengeResponse> => {
    return identity.faceChallenge(callerOf(request), authOf(request).tokenHash, stepOf(request));
  });

  /**
   * 3b. The face: the frames the camera took while the visitor followed the challenge's prompt,
   * with its nonce. The challenge is taken first (any attempt uses it up); the authority checks
   * the movement, that one live person is there and not the document's portrait, and compares
   * the face with its reference portrait of the document's holder and with the document's
   * portrait. The frames are never stored.
   */
  app.post('/identity/face', byResidency, async (request, reply): Promise<FaceCheckResponse> => {
    const caller = callerOf(request);
    const ready = await identity.faceReady(caller, stepOf(request));
    const form = await readImagesForm(request, reply, ['nonce'], { field: 'frame', min: FACE_FRAMES_MIN, max: FACE_FRAMES_MAX, maxBytes: FACE_FRAME_MAX_BYTES });
    try {
      const { nonce } = parseInput(FaceUploadFields, form.fields, 'body');
      return await identity.checkFace(caller, authOf(request).tokenHash, ready, nonce, form.images);
    } finally {
      // The frames live in this request only.
      for (const frame of form.images) frame.fill(0);
    }
  });

  /** 4. The confirmed details: the API's own checks, then the authority's decision. Answers the flow status. */
  app.post('/me/id_details', { ...byResidency, schema: { body: IdDetailsBody, response: { 200: FlowStatusResponse } } }, async (request) => {
    const caller = callerOf(request);
    const { context } = await identity.openCheck(caller, stepOf(request));
    return identity.decide(caller, context, request.body);
  });
}
