import { apiClient, FlowStatusResponse, type ApiClient } from '@join/shared';
import {
  CheckLocationResponse,
  coordinateParam,
  DocumentReadResponse,
  FaceChallengeResponse,
  FaceCheckResponse,
  IdentityCheckResponse,
  LOCATION_PROCESS_ID,
  type ActivationMethodBody,
  type DocumentSide,
  type IdDetailsBody,
  type ImageSource,
} from './schemas';

/** The identity calls (SPEC 7), over the page's one client. */
export const identityEndpoints = (c: ApiClient = apiClient) => ({
  /** Whether the point is inside the UAE; the server records the answer in the flow context. */
  checkLocation: (lat: number, lng: number) =>
    c.request('GET', '/securitymanagement/check_location.json', {
      schema: CheckLocationResponse,
      query: { lat: coordinateParam(lat), lng: coordinateParam(lng), process_id: LOCATION_PROCESS_ID },
      changesFlow: true,
    }),
  /** Residency and SIM type (POST /me/activation_method); answers the flow status. */
  chooseActivationMethod: (body: ActivationMethodBody) =>
    c.request('POST', '/me/activation_method', { schema: FlowStatusResponse, body: { ...body }, changesFlow: true }),
  /** The pending check (sides still wanted, details read, face matched): what a reload resumes from. */
  currentCheck: () => c.request('GET', '/identity/check', { schema: IdentityCheckResponse }),
  /** One side of the document, as a JPEG or PNG (multipart: side, source, image). */
  sendDocument: (side: DocumentSide, source: ImageSource, image: Blob) => {
    const form = new FormData();
    form.append('side', side);
    form.append('source', source);
    form.append('image', image, image.type === 'image/png' ? 'document.png' : 'document.jpg');
    return c.request('POST', '/identity/document', { schema: DocumentReadResponse, body: form });
  },
  /** A live face challenge: a nonce bound to this session and the prompt to follow. */
  faceChallenge: () => c.request('POST', '/identity/face/challenge', { schema: FaceChallengeResponse }),
  /** The frames taken while the visitor followed the challenge's prompt, in order, with its nonce (multipart: nonce, frame…). */
  sendFace: (nonce: string, frames: readonly Blob[]) => {
    const form = new FormData();
    form.append('nonce', nonce);
    frames.forEach((frame, i) => form.append('frame', frame, `frame-${i + 1}.jpg`));
    return c.request('POST', '/identity/face', { schema: FaceCheckResponse, body: form });
  },
  /** The confirmed details (POST /me/id_details): the authority's decision; answers the flow status. */
  confirmIdDetails: (details: IdDetailsBody) =>
    c.request('POST', '/me/id_details', { schema: FlowStatusResponse, body: { ...details, id_number: details.id_number ?? undefined }, changesFlow: true }),
});

/** The identity calls over the page's client (what the identity pages use; tests spy on it). */
export const identityApi = identityEndpoints();
