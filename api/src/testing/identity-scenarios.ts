import Database from 'better-sqlite3';
import { DocumentReadResponse, FlowStatusResponse, type DocumentDetails } from '@join/shared/contract';
import { expectApiError, type Visitor } from './harness';
import { jpeg, png } from './fake-authority';
import { createIdentityTestApp, type IdentityTestApp } from './identity-helpers';

/**
 * What the identity check's route tests (modules/identity/__tests__/identity-*.test.ts) share:
 * an app per test file with a real SQLite file and the real HTTP client of the authority,
 * pointed at an in-test authority on a random port (the test clock starts on 2026-01-15);
 * visitors brought to the details step; reads of what the database holds of a check.
 */

/** The Emirates ID of the resident scenarios: its card number and its identity number. */
export const EID_CARD = '123456789';
export const EID_ID = '784198812345671';
/** A GIF whose bytes name a passport: a type the check refuses, whatever it is declared as. */
export const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.from('passport:P1000001')]);

/** The answer's HTTP status and API code, checked together. */
export const expectCode = expectApiError;

/**
 * An identity test app for the file: opened before its tests, closed after them; `onReady` keeps
 * it. Answers the paths to a check's states and the reads of it, on that app.
 */
export function withIdentityTestApp(onReady: (t: IdentityTestApp) => void, options: Parameters<typeof createIdentityTestApp>[0] = {}) {
  let opened: IdentityTestApp | null = null;
  beforeAll(async () => {
    opened = await createIdentityTestApp(options);
    onReady(opened);
  });
  afterAll(async () => {
    await opened?.close();
    opened = null;
  });
  return identityScenarios(() => {
    if (!opened) throw new Error('the identity test app is not open');
    return opened;
  });
}

/** Rows of a read-only query on the app's database file. */
export function queryDatabase(dbFile: string, sql: string, ...params: unknown[]): unknown[] {
  const db = new Database(dbFile, { readonly: true });
  try {
    return db.prepare(sql).all(...params);
  } finally {
    db.close();
  }
}

/** The paths to a check's states and the reads of it, on the app `app()` answers when called. */
function identityScenarios(app: () => IdentityTestApp) {
  /** A non-resident with the passport read and the face matched. */
  async function visitorAtDetails(number = 'P1000001', options: { sim?: 'esim' | 'physical'; tag?: string } = {}) {
    const t = app();
    const v = await t.ready();
    expect((await t.activation(v, 'non_resident', options.sim ?? 'esim')).statusCode).toBe(200);
    const doc = await t.document(v, 'data_page', jpeg(options.tag ?? `passport:${number}`));
    expect(doc.statusCode).toBe(200);
    expect((await t.face(v, png('match'))).statusCode).toBe(200);
    const { details } = DocumentReadResponse.parse(doc.json());
    if (!details) throw new Error('no details read');
    return { v, details };
  }

  /** A resident with both sides of the Emirates ID read and the face matched. */
  async function residentAtDetails(sim: 'esim' | 'physical') {
    const t = app();
    const v = await t.ready();
    expect((await t.activation(v, 'resident', sim)).statusCode).toBe(200);
    expect((await t.document(v, 'front', jpeg('eid-front'))).statusCode).toBe(200);
    const back = await t.document(v, 'back', png(`eid-back:${EID_CARD}:${EID_ID}`));
    expect(back.statusCode).toBe(200);
    expect((await t.face(v, jpeg('match'))).statusCode).toBe(200);
    return { v, details: DocumentReadResponse.parse(back.json()).details as DocumentDetails };
  }

  /** How many face comparisons the authority has been asked for so far. */
  const compareCalls = () => app().fake.calls.filter((c) => c.path === '/v1/faces/compare').length;
  const flowOf = async (v: Visitor) => FlowStatusResponse.parse((await app().get(v, '/api/me/flow_status')).json());
  const query = (sql: string, ...params: unknown[]): unknown[] => queryDatabase(app().dbFile, sql, ...params);

  /** What the database holds of a user's pending check and decisions. */
  function stored(uid: string) {
    const sides = query('SELECT side, image FROM identity_check_sides WHERE uid = ?', uid) as { side: string; image: Buffer }[];
    const [checks] = query('SELECT COUNT(*) AS n FROM identity_checks WHERE uid = ?', uid) as { n: number }[];
    const decisions = query('SELECT * FROM identity_decisions WHERE uid = ? ORDER BY id', uid) as Record<string, unknown>[];
    const blobs = (query('SELECT image FROM identity_check_sides') as { image: Buffer }[]).map((r) => r.image);
    const anyBlobWith = (text: string) => blobs.some((b) => b.includes(Buffer.from(text)));
    return { sides, checks: checks?.n ?? 0, decisions, anyBlobWith };
  }

  return { visitorAtDetails, residentAtDetails, compareCalls, flowOf, query, stored };
}
