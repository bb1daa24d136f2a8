import { Writable } from 'node:stream';
import { DOCUMENT_MAX_BYTES, type FlowStatusFlags } from '@join/shared/contract';
import { jpeg, passportDetails, png } from '../../../testing/fake-authority';
import { createIdentityTestApp, type IdentityTestApp } from '../../../testing/identity-helpers';
import { IDENTITY_REDACT_PATHS } from '../log-redaction';
import { REDACTED } from '../../../platform/http/log-redaction';
import { captureLog } from '../../../testing/capture-log';

/**
 * No image, no full document number and no machine-readable zone in any log line (privacy): the
 * log of a whole identity check, failures of every kind included, is captured at the most
 * verbose level and searched for each of them. The events are there, with the number
 * masked to its last three characters.
 */
const NUMBER = 'X9876543';
const MRZ = `P<GBRDOE<<JANE<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<${NUMBER}7GBR9005052F3101014<<<<<<<<<<<<<<02`;

describe('identity data stays out of the log', () => {
  let t: IdentityTestApp;
  let log: ReturnType<typeof captureLog>;
  beforeAll(async () => {
    log = captureLog();
    t = await createIdentityTestApp({ logger: { level: 'trace', stream: log.stream } });
  });
  afterAll(() => t.close());

  it('logs the check’s events without images, document numbers or the MRZ', async () => {
    // The images carry the MRZ as text, as a scan of a real document carries it as pixels.
    const page = jpeg(`passport:${NUMBER}:mrz=${MRZ}`);
    const selfie = png(`match:${MRZ}`);
    const visitor = await t.ready();
    await t.activation(visitor, 'non_resident', 'esim');
    await t.document(visitor, 'data_page', jpeg(`code:-608:${MRZ}`));
    await t.document(visitor, 'data_page', jpeg(`status:503:${MRZ}`));
    await t.document(visitor, 'data_page', Buffer.concat([Buffer.from('GIF89a'), Buffer.from(MRZ)]));
    await t.document(visitor, 'data_page', Buffer.concat([page, Buffer.alloc(DOCUMENT_MAX_BYTES, 0x41)]));
    const read = await t.document(visitor, 'data_page', page);
    expect(read.statusCode).toBe(200);
    await t.face(visitor, png(`code:-620:${MRZ}`));
    await t.face(visitor, selfie);
    await t.details(visitor, passportDetails(NUMBER, { surname: 'CHANGED' }));
    t.fake.verifyAnswers.set(NUMBER, { status: 422, body: { code: -640 } });
    await t.details(visitor, passportDetails(NUMBER));
    t.fake.verifyAnswers.set(NUMBER, { status: 503, body: {} });
    await t.details(visitor, passportDetails(NUMBER));
    t.fake.verifyAnswers.delete(NUMBER);
    const done = await t.details(visitor, passportDetails(NUMBER));
    expect((done.json() as { flow_status_flags: FlowStatusFlags }).flow_status_flags.is_id_verified).toBe(true);

    const text = log.lines.join('\n');
    // The events are logged, the number masked.
    for (const event of ['activation_method', 'identity_document_read', 'identity_face_matched', 'identity_refused', 'identity_authority_failed', 'identity_verified']) {
      expect(text).toContain(`"event":"${event}"`);
    }
    expect(text).toContain('*****543');
    // None of these, in any form.
    const secrets = [
      NUMBER,
      MRZ,
      MRZ.slice(44),
      'GBR9005052F',
      page.toString('base64').slice(8, 60),
      selfie.toString('base64').slice(8, 60),
      page.toString('base64'),
      'DOE',
      'JANE',
      '1990-05-05',
    ];
    for (const secret of secrets) expect({ secret, found: text.includes(secret) }).toEqual({ secret, found: false });
  });

  it('redacts the identity fields wherever a body, a request or an answer would be logged', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _e, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    // The app's logger options, as buildApp composes them.
    {
      const app = await createIdentityTestApp({ logger: { level: 'trace', stream } });
      try {
        app.app.log.info({ body: { number: NUMBER, id_number: '784198812345671', image: 'AAAA', surname: 'DOE' } }, 'a body');
        app.app.log.info({ answer: { image: 'BBBB', mrz: MRZ, birth_date: '1990-05-05' }, details: { number: NUMBER } }, 'an answer');
        app.app.log.info({ document_image: 'CCCC', selfie_image: 'DDDD', expiry_date: '2031-01-01' }, 'images');
      } finally {
        await app.close();
      }
      const text = lines.join('\n');
      for (const secret of [NUMBER, '784198812345671', 'AAAA', 'BBBB', 'CCCC', 'DDDD', MRZ, 'DOE', '1990-05-05', '2031-01-01']) {
        expect({ secret, found: text.includes(secret) }).toEqual({ secret, found: false });
      }
      expect(text).toContain(REDACTED);
      expect(IDENTITY_REDACT_PATHS.length).toBeGreaterThan(0);
    }
  });
});
