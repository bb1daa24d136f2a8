import { API_ERROR_CODES, DocumentReadResponse, FlowStatusResponse, SESSION_RECOVERY_CODE } from '@join/shared/contract';
import { jpeg, png } from '../../../testing/fake-authority';
import type { IdentityTestApp } from '../../../testing/identity-helpers';
import { EID_CARD, EID_ID, expectCode, withIdentityTestApp } from '../../../testing/identity-scenarios';

/** The identity check's activation method, and a reloaded page's read of its pending check. */
describe('the identity check', () => {
  let t: IdentityTestApp;
  const { visitorAtDetails, flowOf, stored } = withIdentityTestApp((app) => (t = app));

  describe('POST /me/activation_method', () => {
    it('stores residency and SIM type and answers the flow status exactly as GET /me/flow_status does', async () => {
      const v = await t.ready();
      const res = await t.activation(v, 'resident', 'physical');
      expect(res.statusCode).toBe(200);
      const answered = FlowStatusResponse.parse(res.json());
      expect(answered.flow_context).toMatchObject({ resident_type: 'resident', sim_type: 'physical', inside_uae: true });
      expect(answered).toEqual(await flowOf(v));
      expect(res.json()).toEqual((await t.get(v, '/api/me/flow_status')).json());
    });

    it('refuses without a session (-27), without an e-mail login, and outside the UAE', async () => {
      const anonymous = await t.ready({ email: false });
      const outside = await t.ready({ inside: false });
      const noSession = await t.app.inject({ method: 'POST', url: '/api/me/activation_method', headers: { ...anonymous.headers, 'session-id': 'f'.repeat(64) } });
      expectCode(noSession, 401, SESSION_RECOVERY_CODE);
      expectCode(await t.activation(anonymous, 'resident', 'esim'), 409, API_ERROR_CODES.stepNotAllowed);
      expectCode(await t.activation(outside, 'resident', 'esim'), 409, API_ERROR_CODES.stepNotAllowed);
      expect((await flowOf(outside)).flow_context?.resident_type).toBeNull();
    });

    it.each([
      [{ resident_type: 'maybe', sim_type: 'esim' }, 'body.resident_type'],
      [{ resident_type: 'resident', sim_type: 'nano' }, 'body.sim_type'],
      [{ resident_type: 'resident' }, 'body.sim_type'],
      [{ resident_type: 'resident', sim_type: 'esim', extra: '1' }, 'body.extra'],
    ])('refuses the bad body %j naming %s', async (body, field) => {
      const v = await t.ready();
      const res = await t.post(v, '/api/me/activation_method', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: API_ERROR_CODES.badRequest, field });
    });

    it('drops the pending document when the residency changes, and keeps it for another SIM type', async () => {
      const v = await t.ready();
      await t.activation(v, 'resident', 'esim');
      expect((await t.document(v, 'front', jpeg('eid-front'))).statusCode).toBe(200);
      await t.activation(v, 'resident', 'physical');
      expect(DocumentReadResponse.parse((await t.document(v, 'back', png(`eid-back:${EID_CARD}:${EID_ID}`))).json()).remaining_sides).toEqual([]);
      expect(stored(v.uid).sides).toHaveLength(2);
      await t.activation(v, 'non_resident', 'physical');
      expect(stored(v.uid)).toMatchObject({ sides: [], checks: 0 });
      await t.activation(v, 'resident', 'physical');
      const again = DocumentReadResponse.parse((await t.document(v, 'back', png(`eid-back:${EID_CARD}:${EID_ID}`))).json());
      expect(again.remaining_sides).toEqual(['front']);
    });

    it('is closed once the identity check has passed', async () => {
      const { v, details } = await visitorAtDetails('P2000001');
      expect((await t.details(v, details)).statusCode).toBe(200);
      expectCode(await t.activation(v, 'resident', 'physical'), 409, API_ERROR_CODES.stepNotAllowed);
      expect((await flowOf(v)).flow_context).toMatchObject({ resident_type: 'non_resident', sim_type: 'esim' });
    });
  });

  describe('GET /identity/check', () => {
    it('gives a reloaded page its own pending check back (sides, details, face), no image; nothing for anyone else', async () => {
      const { v, details } = await visitorAtDetails('P7700001');
      const mine = await t.get(v, '/api/identity/check');
      expect(mine.statusCode).toBe(200);
      expect(mine.json()).toEqual({ check: { kind: 'passport', remaining_sides: [], details, face_matched: true } });
      expect(mine.body).not.toMatch(/image|base64/i);
      const other = await t.ready();
      expect((await t.activation(other, 'non_resident', 'esim')).statusCode).toBe(200);
      expect((await t.get(other, '/api/identity/check')).json()).toEqual({ check: null });
      // Verified: the check is closed, and so is its read.
      expect((await t.details(v, details)).statusCode).toBe(200);
      expect((await t.get(v, '/api/identity/check')).statusCode).toBe(409);
    });
  });
});
