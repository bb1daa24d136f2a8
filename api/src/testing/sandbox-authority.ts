import { join } from 'node:path';
import { createHttpAuthority } from '../modules/identity/authority-client';
import { createIdentityTestApp, type IdentityTestApp } from './identity-helpers';
import { startSandboxesProgram } from './sandboxes-program';

/** The identity fixtures (synthetic documents, selfies, the authority's reference portraits). */
export const IDENTITY_FIXTURES = join(__dirname, '..', '..', '..', 'e2e', 'fixtures', 'identity');

/**
 * Test support: the real identity authority sandbox (OCR, face models, the reference portraits of
 * the fixtures) in the sandboxes program on a free loopback port, and an operator API test app that
 * calls it over HTTP with `key`. close() stops both. Not a test itself, never imported by the server.
 */
export async function startWithSandboxAuthority(key: string, timeoutMs: number): Promise<{ t: IdentityTestApp; close(): Promise<void> }> {
  const program = await startSandboxesProgram(['authority'], { JOIN_AUTHORITY_KEY: key });
  const t = await createIdentityTestApp({ authority: createHttpAuthority({ url: program.url('authority'), key, timeoutMs }) });
  return {
    t,
    close: async () => {
      await t.close();
      await program.close();
    },
  };
}
