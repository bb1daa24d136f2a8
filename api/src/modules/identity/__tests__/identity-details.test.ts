import { API_ERROR_CODES, DocumentReadResponse, FlowStatusResponse, IDENTITY_ERROR_CODES } from '@join/shared/contract';
import { jpeg, passportDetails } from '../../../testing/fake-authority';
import type { IdentityTestApp } from '../../../testing/identity-helpers';
import { EID_ID, expectCode, withIdentityTestApp } from '../../../testing/identity-scenarios';

/** The identity check's last step, the details as read: the decision, its refusals, each visitor's own check. */
describe('the identity check', () => {
  let t: IdentityTestApp;
  const { visitorAtDetails, residentAtDetails, flowOf, stored } = withIdentityTestApp((app) => (t = app));

  describe('POST /me/id_details', () => {
    it('verifies a visitor: is_id_verified, the decision stored without images, the answer the flow status', async () => {
      const { v, details } = await visitorAtDetails('P3000001', { sim: 'physical' });
      const res = await t.details(v, details);
      expect(res.statusCode).toBe(200);
      const flow = FlowStatusResponse.parse(res.json());
      expect(flow.flow_status_flags).toMatchObject({ is_id_verified: true, is_resident_done: false });
      expect(flow.flow_context?.has_delivery_form).toBe(false);
      expect(flow).toEqual(await flowOf(v));
      expect(t.fake.calls.at(-1)).toMatchObject({ path: '/v1/persons/verify', body: { number: 'P3000001', declared_residency: 'non_resident', id_number: null } });
      const s = stored(v.uid);
      expect(s).toMatchObject({ sides: [], checks: 0 });
      expect(s.decisions).toEqual([
        expect.objectContaining({
          outcome: 'verified',
          code: null,
          document_kind: 'passport',
          document_number: 'P3000001',
          expiry_date: '2031-01-01',
          birth_date: '1990-05-05',
          person_ref: 'person-P3000001',
          liveness: 'passed',
          decided_at: t.clock.now(),
        }),
      ]);
    });

    it('sets is_resident_done and the delivery form for a resident with a physical SIM', async () => {
      const { v, details } = await residentAtDetails('physical');
      const flow = FlowStatusResponse.parse((await t.details(v, details)).json());
      expect(flow.flow_status_flags).toMatchObject({ is_resident_done: true, is_id_verified: false });
      expect(flow.flow_context?.has_delivery_form).toBe(true);
      expect(t.fake.calls.at(-1)?.body).toMatchObject({ kind: 'emirates_id', id_number: EID_ID, declared_residency: 'resident' });
      expect(stored(v.uid).sides).toEqual([]);
    });

    it('sets is_id_verified for a resident with an eSIM', async () => {
      const { v, details } = await residentAtDetails('esim');
      const flow = FlowStatusResponse.parse((await t.details(v, details)).json());
      expect(flow.flow_status_flags).toMatchObject({ is_resident_done: false, is_id_verified: true });
      expect(flow.flow_context?.has_delivery_form).toBe(false);
    });

    it('closes every identity call once verified', async () => {
      const { v, details } = await visitorAtDetails('P4000001');
      await t.details(v, details);
      for (const res of [
        await t.details(v, details),
        await t.document(v, 'data_page', jpeg('passport:P4000001')),
        await t.face(v, jpeg('match')),
        await t.activation(v, 'non_resident', 'esim'),
      ]) {
        expectCode(res, 409, API_ERROR_CODES.stepNotAllowed);
      }
    });

    it('needs the document and the face first, and the details as read (409 details_changed)', async () => {
      const v = await t.ready();
      await t.activation(v, 'non_resident', 'esim');
      expectCode(await t.details(v, passportDetails('P1000001')), 409, IDENTITY_ERROR_CODES.checkOutOfOrder);
      await t.document(v, 'data_page', jpeg('passport:P1000001'));
      expectCode(await t.details(v, passportDetails('P1000001')), 409, IDENTITY_ERROR_CODES.checkOutOfOrder);
      await t.face(v, jpeg('match'));
      expectCode(await t.details(v, passportDetails('P1000001', { surname: 'DOES' })), 409, IDENTITY_ERROR_CODES.detailsChanged);
      expectCode(await t.details(v, passportDetails('P1000002')), 409, IDENTITY_ERROR_CODES.detailsChanged);
      const bad = await t.details(v, { ...passportDetails('P1000001'), birth_date: '05/05/1990' });
      expect(bad.json()).toMatchObject({ code: API_ERROR_CODES.badRequest, field: 'body.birth_date' });
      expect(t.fake.calls.some((c) => c.path === '/v1/persons/verify' && c.body.number === 'P1000001')).toBe(false);
      expect((await t.details(v, passportDetails('P1000001'))).statusCode).toBe(200);
    });

    it.each([
      ['under 18 (-10018)', 'birth=2008-01-16', -10018],
      ['an expired document (-639)', 'expiry=2026-01-14', -639],
    ])('refuses %s before asking the authority, records it and deletes the images', async (_name, option, code) => {
      const number = `P5${String(code).slice(-4)}`;
      const { v, details } = await visitorAtDetails(number, { tag: `passport:${number}:${option}` });
      const asked = t.fake.calls.length;
      expectCode(await t.details(v, details), 422, code);
      expect(t.fake.calls.slice(asked).filter((c) => c.path === '/v1/persons/verify')).toEqual([]);
      const s = stored(v.uid);
      expect(s).toMatchObject({ sides: [], checks: 0 });
      expect(s.decisions.at(-1)).toMatchObject({ outcome: 'refused', code, document_number: number });
      expect((await flowOf(v)).flow_status_flags).toMatchObject({ is_id_verified: false, is_resident_done: false });
    });

    it('takes an 18th birthday today and a document expiring today', async () => {
      const { v, details } = await visitorAtDetails('P6000001', { tag: 'passport:P6000001:birth=2008-01-15:expiry=2026-01-15' });
      expect((await t.details(v, details)).statusCode).toBe(200);
    });

    it.each([
      [-640, 'keep'],
      [-609, 'keep'],
      [-611, 'drop'],
      [-614, 'drop'],
      [-615, 'drop'],
      [-116, 'drop'],
      [-169, 'drop'],
      [-10018, 'drop'],
      [-618, 'drop'],
    ] as const)('maps the authority’s %i to the answer, records it and %ss the pending check', async (code, pending) => {
      const number = `P7${String(-code).padStart(6, '0')}`;
      t.fake.verifyAnswers.set(number, { status: 422, body: { code } });
      const { v, details } = await visitorAtDetails(number);
      expectCode(await t.details(v, details), 422, code);
      const s = stored(v.uid);
      expect(s.decisions.at(-1)).toMatchObject({ outcome: 'refused', code, person_ref: null });
      expect(s.checks).toBe(pending === 'keep' ? 1 : 0);
      expect(s.sides).toHaveLength(pending === 'keep' ? 1 : 0);
      // Kept: the visitor may try again without retaking anything.
      expectCode(await t.details(v, details), pending === 'keep' ? 422 : 409, pending === 'keep' ? code : IDENTITY_ERROR_CODES.checkOutOfOrder);
    });

    it.each([
      ['a 503', { status: 503, body: { error: 'busy' } }],
      ['a timeout', 'slow'],
      ['bad JSON', 'badjson'],
      ['a 422 without a code', { status: 422, body: { error: 'x' } }],
    ] as const)('answers -607 on %s, records no decision and keeps the check to retry', async (_name, answer) => {
      const number = `P8${_name.length}${String(answer).length}`;
      t.fake.verifyAnswers.set(number, answer);
      const { v, details } = await visitorAtDetails(number);
      expectCode(await t.details(v, details), 503, -607);
      expect(stored(v.uid)).toMatchObject({ decisions: [], checks: 1 });
      t.fake.verifyAnswers.delete(number);
      expect((await t.details(v, details)).statusCode).toBe(200);
    });
  });

  describe('ownership', () => {
    it('keeps each visitor’s check their own: nobody reads or completes another’s', async () => {
      const { v: alice, details } = await visitorAtDetails('P9000001');
      const bob = await t.ready();
      await t.activation(bob, 'non_resident', 'esim');
      expectCode(await t.face(bob, jpeg('match')), 409, IDENTITY_ERROR_CODES.checkOutOfOrder);
      expectCode(await t.details(bob, details), 409, IDENTITY_ERROR_CODES.checkOutOfOrder);
      const own = DocumentReadResponse.parse((await t.document(bob, 'data_page', jpeg('passport:P9000002'))).json());
      expect(own.details?.number).toBe('P9000002');
      expectCode(await t.details(bob, details), 409, IDENTITY_ERROR_CODES.checkOutOfOrder);
      expect((await t.face(bob, jpeg('match'))).statusCode).toBe(200);
      expectCode(await t.details(bob, details), 409, IDENTITY_ERROR_CODES.detailsChanged);
      expect((await t.details(alice, details)).statusCode).toBe(200);
      expect((await flowOf(bob)).flow_status_flags.is_id_verified).toBe(false);
      expect(stored(bob.uid).sides).toHaveLength(1);
    });
  });
});
