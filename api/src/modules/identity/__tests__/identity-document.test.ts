import { request } from 'node:http';
import { API_ERROR_CODES, DOCUMENT_MAX_BYTES, DocumentReadResponse, IDENTITY_ERROR_CODES, SESSION_RECOVERY_CODE } from '@join/shared/contract';
import { eidDetails, jpeg, passportDetails, png } from '../../../testing/fake-authority';
import { BOUNDARY, multipartBody, multipartHeaders, type IdentityTestApp } from '../../../testing/identity-helpers';
import { EID_CARD, EID_ID, GIF, expectCode, withIdentityTestApp } from '../../../testing/identity-scenarios';

/** The identity check's document reads: sides, access, bad bodies, types, size, the authority's refusals. */
describe('the identity check', () => {
  let t: IdentityTestApp;
  const { stored } = withIdentityTestApp((app) => (t = app));

  describe('POST /identity/document', () => {
    it('reads both sides of an Emirates ID in either order, with the details once the MRZ side is in', async () => {
      const v = await t.ready();
      await t.activation(v, 'resident', 'esim');
      const back = DocumentReadResponse.parse((await t.document(v, 'back', png(`eid-back:${EID_CARD}:${EID_ID}`), { source: 'scan' })).json());
      expect(back).toEqual({ kind: 'emirates_id', side: 'back', remaining_sides: ['front'], details: eidDetails(EID_CARD, EID_ID) });
      const front = DocumentReadResponse.parse((await t.document(v, 'front', jpeg('eid-front'))).json());
      expect(front).toEqual({ kind: 'emirates_id', side: 'front', remaining_sides: [], details: eidDetails(EID_CARD, EID_ID) });
      const w = await t.ready();
      await t.activation(w, 'resident', 'physical');
      const first = DocumentReadResponse.parse((await t.document(w, 'front', jpeg('eid-front'))).json());
      expect(first).toEqual({ kind: 'emirates_id', side: 'front', remaining_sides: ['back'], details: null });
    });

    it('reads a passport data page for a visitor, JPEG or PNG', async () => {
      const v = await t.ready();
      await t.activation(v, 'non_resident', 'esim');
      for (const image of [jpeg('passport:P1000001'), png('passport:P1000001')]) {
        const res = await t.document(v, 'data_page', image, { type: 'application/octet-stream' });
        expect(DocumentReadResponse.parse(res.json())).toEqual({ kind: 'passport', side: 'data_page', remaining_sides: [], details: passportDetails('P1000001') });
      }
    });

    it('needs the activation method answered first', async () => {
      const v = await t.ready();
      expectCode(await t.document(v, 'front', jpeg('eid-front')), 409, IDENTITY_ERROR_CODES.checkOutOfOrder);
    });

    it('keeps each path to its step: no session, no e-mail login, outside the UAE, a visitor whose id check is closed', async () => {
      const anonymous = await t.ready({ email: false });
      expectCode(await t.document({ ...anonymous, headers: { ...anonymous.headers, 'session-id': '0'.repeat(64) } }, 'front', jpeg('eid-front')), 401, SESSION_RECOVERY_CODE);
      expectCode(await t.document(anonymous, 'front', jpeg('eid-front')), 409, API_ERROR_CODES.stepNotAllowed);
      const outside = await t.ready({ inside: false });
      expectCode(await t.document(outside, 'front', jpeg('eid-front')), 409, API_ERROR_CODES.stepNotAllowed);
      // A visitor verifies on the id check: closed without a plan, or once paid.
      const visitor = await t.ready();
      await t.activation(visitor, 'non_resident', 'esim');
      t.overlay.set(visitor.uid, { is_number_selected: true });
      const res = await t.document(visitor, 'data_page', jpeg('passport:P1000001'));
      expectCode(res, 409, API_ERROR_CODES.stepNotAllowed);
      expect(res.json()).toMatchObject({ message: expect.stringContaining('Step id_check ') });
      t.overlay.set(visitor.uid, { is_number_selected: true, is_plan_selected: true, is_plan_paid: true });
      expectCode(await t.document(visitor, 'data_page', jpeg('passport:P1000001')), 409, API_ERROR_CODES.stepNotAllowed);
      expect(t.fake.calls.filter((c) => c.path === '/v1/documents/read' && c.tags[0] === 'passport:P1000001').length).toBeGreaterThan(0);
    });

    it('refuses the wrong side for the document, and the wrong document for the residency', async () => {
      const resident = await t.ready();
      await t.activation(resident, 'resident', 'esim');
      const side = await t.document(resident, 'data_page', jpeg('passport:P1000001'));
      expect(side.statusCode).toBe(400);
      expect(side.json()).toMatchObject({ field: 'body.side', message: expect.stringContaining('front or back') });
      // A passport's MRZ sent as an Emirates ID's back: residents verify with the Emirates ID (-611).
      expectCode(await t.document(resident, 'back', jpeg('passport:P1000001')), 422, -611);
      const visitor = await t.ready();
      await t.activation(visitor, 'non_resident', 'esim');
      expect((await t.document(visitor, 'front', jpeg('eid-front'))).json()).toMatchObject({ field: 'body.side' });
      // An Emirates ID in a visitor's hands: the residency exists (-614).
      expectCode(await t.document(visitor, 'data_page', jpeg(`eid-back:${EID_CARD}:${EID_ID}`)), 422, -614);
      expect(stored(resident.uid).checks + stored(visitor.uid).checks).toBe(0);
    });

    it('refuses the back of another card than the front (-619) and starts the check again', async () => {
      const v = await t.ready();
      await t.activation(v, 'resident', 'esim');
      await t.document(v, 'front', jpeg('eid-front:111111111'));
      expectCode(await t.document(v, 'back', png(`eid-back:222222222:${EID_ID}`)), 422, -619);
      expect(stored(v.uid)).toMatchObject({ checks: 0, sides: [] });
      expect((await t.document(v, 'back', png(`eid-back:111111111:${EID_ID}`))).json()).toMatchObject({ remaining_sides: ['front'] });
    });

    it.each([
      ['a form-encoded body', { 'content-type': 'application/x-www-form-urlencoded' }, 'side=front&source=upload', 415, 'body'],
      ['a multipart body cut short', {}, `--${BOUNDARY}\r\nContent-Disposition: form-data; name="side"\r\n\r\nfro`, 400, 'body'],
      ['no file', {}, multipartBody({ side: 'front', source: 'upload' }), 400, 'body.image'],
      ['no side', {}, multipartBody({ source: 'upload' }, [{ data: jpeg('eid-front') }]), 400, 'body.side'],
      ['a side that is none', {}, multipartBody({ side: 'left', source: 'upload' }, [{ data: jpeg('eid-front') }]), 400, 'body.side'],
      ['a bad source', {}, multipartBody({ side: 'front', source: 'fax' }, [{ data: jpeg('eid-front') }]), 400, 'body.source'],
      ['an unknown field', {}, multipartBody({ side: 'front', source: 'upload', x: '1' }, [{ data: jpeg('eid-front') }]), 400, 'body.x'],
      ['a field twice', {}, Buffer.concat([multipartBody({ side: 'front', source: 'upload' }, [{ data: jpeg('eid-front') }]).subarray(0, -(BOUNDARY.length + 6)), multipartBody({ side: 'back' })]), 400, 'body.side'],
      ['two files', {}, multipartBody({ side: 'front', source: 'upload' }, [{ data: jpeg('eid-front') }, { data: jpeg('eid-front') }]), 400, 'body.image'],
      ['a file under another name', {}, multipartBody({ side: 'front', source: 'upload' }, [{ data: jpeg('eid-front'), field: 'photo' }]), 400, 'body.photo'],
    ] as const)('answers %s with a 4xx naming the field', async (_name, headers, payload, statusCode, field) => {
      const v = await t.ready();
      await t.activation(v, 'resident', 'esim');
      const res = await t.app.inject({ method: 'POST', url: '/api/identity/document', headers: { ...multipartHeaders(v), ...headers }, payload });
      expect({ status: res.statusCode, body: res.json() as unknown }).toMatchObject({ status: statusCode, body: { code: API_ERROR_CODES.badRequest, field } });
      expect(stored(v.uid).checks).toBe(0);
    });

    it('takes the type from the bytes: a GIF declared as a JPEG is -642, an empty file too', async () => {
      const v = await t.ready();
      await t.activation(v, 'non_resident', 'esim');
      expectCode(await t.document(v, 'data_page', GIF, { type: 'image/jpeg' }), 422, -642);
      expectCode(await t.document(v, 'data_page', Buffer.alloc(0)), 422, -642);
      expectCode(await t.document(v, 'data_page', Buffer.from('%PDF-1.7 passport:P1000001')), 422, -642);
    });

    it('takes exactly 5 MB, refuses 5 MB + 1 byte with -644, and stops reading the body at the limit', async () => {
      const v = await t.ready();
      await t.activation(v, 'non_resident', 'esim');
      const tag = jpeg('passport:P1000001:pad=');
      const exact = Buffer.concat([tag, Buffer.alloc(DOCUMENT_MAX_BYTES - tag.length, 0x41)]);
      expect((await t.document(v, 'data_page', exact)).statusCode).toBe(200);
      expectCode(await t.document(v, 'data_page', Buffer.concat([exact, Buffer.from('A')])), 413, -644);

      // A 40 MB upload over a real socket: the answer comes once little more than the limit
      // is in, the connection closes, and the rest is never read.
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const head = Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="side"\r\n\r\ndata_page\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="source"\r\n\r\nupload\r\n` +
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="image"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      );
      const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
      const total = 40 * 1024 * 1024;
      const { port } = new URL(address);
      const answer = await new Promise<{ status: number; body: string; sentBefore: number }>((resolve, reject) => {
        let sent = 0;
        let answered = false;
        const req = request({ host: '127.0.0.1', port, method: 'POST', path: '/api/identity/document', headers: { ...multipartHeaders(v), 'content-length': String(total) } });
        req.on('response', (res) => {
          answered = true;
          const sentBefore = sent;
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, sentBefore }));
        });
        req.on('error', (err) => (answered ? undefined : reject(err)));
        const chunk = Buffer.alloc(64 * 1024, 0x41);
        const pump = () => {
          while (!answered && sent < total) {
            const left = total - sent;
            const piece = sent === 0 ? Buffer.concat([head, tag]) : left <= tail.length + chunk.length ? Buffer.concat([chunk.subarray(0, left - tail.length), tail]) : chunk;
            sent += piece.length;
            if (!req.write(piece)) return void req.once('drain', pump);
          }
          if (!answered) req.end();
        };
        pump();
      });
      expect({ status: answer.status, body: JSON.parse(answer.body) as unknown }).toMatchObject({ status: 413, body: { code: -644 } });
      // What the server read, plus what the sockets' buffers took in on both sides.
      expect(answer.sentBefore).toBeLessThan(DOCUMENT_MAX_BYTES + 8 * 1024 * 1024);
    });

    it.each([-606, -608, -642, -644, -645, -646])('passes the authority’s %i through with 422', async (code) => {
      const v = await t.ready();
      await t.activation(v, 'non_resident', 'esim');
      expectCode(await t.document(v, 'data_page', jpeg(`code:${code}`)), code === -644 ? 413 : 422, code);
      expect(stored(v.uid).checks).toBe(0);
    });

    it.each([
      ['a 503', 'status:503'],
      ['a timeout', 'slow'],
      ['bad JSON', 'badjson'],
      ['an answer of another shape', 'badshape'],
    ])('answers -607 with 503 on %s from the authority', async (_name, tag) => {
      const v = await t.ready();
      await t.activation(v, 'non_resident', 'esim');
      expectCode(await t.document(v, 'data_page', jpeg(tag)), 503, -607);
    });

    it('answers -606 for an MRZ side the authority read no MRZ on', async () => {
      const v = await t.ready();
      await t.activation(v, 'resident', 'esim');
      expectCode(await t.document(v, 'back', jpeg('eid-front')), 422, -606);
    });
  });
});
