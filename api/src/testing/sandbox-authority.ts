import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DocumentReadResponse, type DocumentDetails } from '@join/shared/contract';
import { createHttpAuthority } from '../modules/identity/authority-client';
import type { Visitor } from './harness';
import { createIdentityTestApp, type IdentityTestApp } from './identity-helpers';
import { startSandboxesProgram } from './sandboxes-program';

/** The identity fixtures (synthetic documents, selfies, the authority's reference portraits). */
export const IDENTITY_FIXTURES = join(__dirname, '..', '..', '..', 'e2e', 'fixtures', 'identity');

/** The bytes of the identity fixture `name`. */
export const identityFixture = (name: string): Buffer => readFileSync(join(IDENTITY_FIXTURES, name));

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

/**
 * The sandbox authority and its test app for the file: started before its tests, stopped after
 * them; `onReady` keeps the app. Answers `visitorWith`: a visitor whose passport fixture is read.
 */
export function withSandboxAuthority(key: string, timeoutMs: number, onReady: (t: IdentityTestApp) => void) {
  let started: Awaited<ReturnType<typeof startWithSandboxAuthority>> | null = null;
  beforeAll(async () => {
    started = await startWithSandboxAuthority(key, timeoutMs);
    onReady(started.t);
  });
  afterAll(async () => {
    await started?.close();
    started = null;
  });

  /** A non-resident visitor with the passport fixture `passport` read (not yet the face). */
  async function visitorWith(passport: string): Promise<{ v: Visitor; details: DocumentDetails }> {
    if (!started) throw new Error('the sandbox authority is not started');
    const { t } = started;
    const v = await t.ready();
    expect((await t.activation(v, 'non_resident', 'esim')).statusCode).toBe(200);
    const doc = await t.document(v, 'data_page', identityFixture(passport));
    expect(doc.statusCode).toBe(200);
    const { details } = DocumentReadResponse.parse(doc.json());
    if (!details) throw new Error('no details');
    return { v, details };
  }

  return { visitorWith };
}
