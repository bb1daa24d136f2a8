import type { LightMyRequestResponse } from 'fastify';
import type { FlowStatusFlags, IdDetailsBody } from '@join/shared/contract';
import { createHttpAuthority } from '../modules/identity/authority-client';
import { createTestApp, form, type TestApp, type Visitor } from './harness';
import { FAKE_AUTHORITY_KEY, startFakeAuthority, type FakeAuthority } from './fake-authority';

/**
 * Test support for the identity check: an app wired to the in-test authority over HTTP, visitors
 * put where the check opens (an e-mail login, inside the UAE, a plan and a number: those two by
 * the flag overlay), and multipart bodies built by hand so a test can send anything.
 */
export const BOUNDARY = '----join-identity-test-7MA4YWxkTrZu0gW';

export interface FilePart {
  data: Buffer;
  field?: string;
  filename?: string;
  type?: string;
}

export function multipartBody(fields: Record<string, string>, files: FilePart[] = []): Buffer {
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${f.field ?? 'image'}"; filename="${f.filename ?? 'photo.jpg'}"\r\n` +
          `Content-Type: ${f.type ?? 'image/jpeg'}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

export const multipartHeaders = (v: Visitor) => ({ ...v.headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` });

export interface IdentityTestApp extends TestApp {
  fake: FakeAuthority;
  overlay: Map<string, Partial<FlowStatusFlags>>;
  /** A visitor logged in by e-mail, inside the UAE, with a plan and a number (overlaid). */
  ready(options?: { inside?: boolean; email?: boolean }): Promise<Visitor>;
  activation(v: Visitor, resident: 'resident' | 'non_resident', sim: 'esim' | 'physical'): Promise<LightMyRequestResponse>;
  document(v: Visitor, side: string, image: Buffer, extra?: { source?: string; type?: string }): Promise<LightMyRequestResponse>;
  /** A face challenge for the visitor's session (POST /identity/face/challenge). */
  challenge(v: Visitor): Promise<LightMyRequestResponse>;
  /** Frames with a nonce (POST /identity/face); `fields` adds or replaces multipart fields. */
  faceFrames(v: Visitor, nonce: string, frames: readonly Buffer[], fields?: Record<string, string>): Promise<LightMyRequestResponse>;
  /**
   * The whole face step: a challenge, then `frames` (or the one image three times, as the fake
   * authority reads only the first frame's tag) with its nonce. Answers the face call.
   */
  face(v: Visitor, image: Buffer | readonly Buffer[]): Promise<LightMyRequestResponse>;
  details(v: Visitor, body: IdDetailsBody): Promise<LightMyRequestResponse>;
}

const DUBAI = 'lat=25.20480&lng=55.27080&process_id=1';
const MUSCAT = 'lat=23.58800&lng=58.38300&process_id=1';

let emails = 0;

export async function createIdentityTestApp(options: Parameters<typeof createTestApp>[0] = {}): Promise<IdentityTestApp> {
  const fake = await startFakeAuthority();
  const overlay = new Map<string, Partial<FlowStatusFlags>>();
  const t = await createTestApp({
    // Generous enough for a 5 MB image on a loaded machine; the fake's slow answers take longer.
    authority: createHttpAuthority({ url: fake.url, key: FAKE_AUTHORITY_KEY, timeoutMs: 1_500 }),
    flowFlagsOverlay: (uid) => overlay.get(uid) ?? {},
    ...options,
    rateLimit: { identityMax: 100_000, codeSendMax: 100_000, codeCheckMax: 100_000, locationMax: 100_000, ...options.rateLimit },
  });

  async function ready({ inside = true, email = true } = {}): Promise<Visitor> {
    let v = await t.login();
    overlay.set(v.uid, { is_plan_selected: true, is_number_selected: true });
    if (!email) return v;
    emails += 1;
    v = await t.loginWithCode(v, `identity-${emails}-${Date.now()}@example.com`);
    const located = await t.get(v, `/api/securitymanagement/check_location.json?${inside ? DUBAI : MUSCAT}`);
    if (located.statusCode !== 200) throw new Error(`location check failed: ${located.body}`);
    return v;
  }

  const upload = (v: Visitor, url: string, fields: Record<string, string>, file: FilePart) =>
    t.app.inject({ method: 'POST', url, headers: multipartHeaders(v), payload: multipartBody(fields, [file]) });
  const challenge = (v: Visitor) => t.app.inject({ method: 'POST', url: '/api/identity/face/challenge', headers: v.headers });
  const faceFrames = (v: Visitor, nonce: string, frames: readonly Buffer[], fields: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/identity/face',
      headers: multipartHeaders(v),
      payload: multipartBody(
        { nonce, ...fields },
        frames.map((data, i) => ({ data, field: 'frame', filename: `frame-${i + 1}.jpg` })),
      ),
    });

  return {
    ...t,
    fake,
    overlay,
    ready,
    activation: (v, resident, sim) => t.post(v, '/api/me/activation_method', { resident_type: resident, sim_type: sim }),
    document: (v, side, image, extra = {}) =>
      upload(v, '/api/identity/document', { side, source: extra.source ?? 'upload' }, { data: image, ...(extra.type ? { type: extra.type } : {}) }),
    challenge,
    faceFrames,
    face: async (v, image) => {
      const issued = await challenge(v);
      if (issued.statusCode !== 200) return issued;
      const frames = Buffer.isBuffer(image) ? [image, image, image] : image;
      return faceFrames(v, String(issued.json().nonce), frames);
    },
    details: (v, body) =>
      t.app.inject({
        method: 'POST',
        url: '/api/me/id_details',
        ...form(
          v.headers,
          Object.fromEntries(Object.entries(body).filter((e): e is [string, string] => e[1] !== null && e[1] !== undefined)),
        ),
      }),
    close: async () => {
      await t.close();
      await fake.close();
    },
  };
}
