import { join } from 'node:path';
import { createHttpAuthority } from '../identity/authority-client';
import { buildAuthorityApp } from '../../../sandboxes/src/authority/authority-app';
import { createFaceEngine } from '../../../sandboxes/src/authority/faces';
import { createMrzReader } from '../../../sandboxes/src/authority/ocr';
import { loadReferencePortraits } from '../../../sandboxes/src/authority/portraits';
import { createIdentityTestApp, type IdentityTestApp } from './identity-helpers';

/** The identity fixtures (synthetic documents, selfies, the authority's reference portraits). */
export const IDENTITY_FIXTURES = join(__dirname, '..', '..', '..', 'e2e', 'fixtures', 'identity');

/**
 * Test support: the real identity authority sandbox (OCR, face models, the reference portraits of
 * the fixtures) on a free loopback port, and an operator API test app that calls it over HTTP
 * with `key`. close() stops both. Not a test itself, never imported by the server.
 */
export async function startWithSandboxAuthority(key: string, timeoutMs: number): Promise<{ t: IdentityTestApp; close(): Promise<void> }> {
  const [mrz, faces] = await Promise.all([createMrzReader(), createFaceEngine()]);
  const authority = await buildAuthorityApp({ apiKey: key, engines: { mrz, faces }, portraits: await loadReferencePortraits(faces, IDENTITY_FIXTURES) });
  await authority.listen({ port: 0, host: '127.0.0.1' });
  const address = authority.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const t = await createIdentityTestApp({ authority: createHttpAuthority({ url: `http://127.0.0.1:${port}`, key, timeoutMs }) });
  return {
    t,
    close: async () => {
      await t.close();
      await authority.close();
      await mrz.close();
    },
  };
}
