import { cleanFillers, cleanMrzLines, mrzDate, parseMrzLines } from '../mrz';
import data from '../registry.json';
import { REGISTRY, verifyPerson, type VerifyRequest } from '../registry';

const TODAY = new Date(Date.UTC(2026, 10, 23));

describe('MRZ cleaning and parsing', () => {
  const visitor = ['P<GBRMORGAN<<ELIZABETH<ANN<<<<<<<<<<<<<<<<<<', '5334018714GBR8503091F3403082<<<<<<<<<<<<<<06'];

  it('parses a TD3 passport with good check digits', () => {
    const out = parseMrzLines(visitor, TODAY);
    expect(out).toEqual({
      ok: true,
      lines: visitor,
      document: {
        kind: 'passport', number: '533401871', id_number: null, issuing_country: 'GBR', nationality: 'GBR',
        surname: 'MORGAN', given_names: 'ELIZABETH ANN', birth_date: '1985-03-09', expiry_date: '2034-03-08', sex: 'F',
      },
    });
  });

  it('cleans fillers read as K or L, and letters read in digit fields', () => {
    expect(cleanFillers('MORGAN<<ELIZABETH<ANN<KLKL<<')).toBe('MORGAN<<ELIZABETH<ANN<<<<<<<');
    expect(cleanFillers('SCHMIDT<<KATRIN<<')).toBe('SCHMIDT<<KATRIN<<');
    const line1 = visitor[0] ?? '';
    const noisy = [line1.slice(0, 34) + 'KL' + line1.slice(36), 'S334018714GBR85O3O91F34O3O82<<<<<<<<<<<<<<O6'];
    expect(cleanMrzLines(noisy)).toEqual(visitor);
    expect(parseMrzLines(noisy, TODAY).ok).toBe(true);
  });

  it('parses an Emirates ID (TD1) with the ID number in its optional data', () => {
    const lines = ['IDARE1002003013784198812345670', '8806150F3406142JOR<<<<<<<<<<<5', 'HADDAD<<LAYLA<<<<<<<<<<<<<<<<<'];
    const out = parseMrzLines(lines, TODAY);
    expect(out.ok && out.document).toMatchObject({ kind: 'emirates_id', number: '100200301', id_number: '784198812345670', nationality: 'JOR', birth_date: '1988-06-15' });
  });

  it('answers -608 on a bad check digit, -646 on another document code, -606 on no MRZ', () => {
    expect(parseMrzLines([visitor[0] ?? '', '5334018714GBR8503094F3403082<<<<<<<<<<<<<<06'], TODAY)).toEqual({ ok: false, code: -608 });
    expect(parseMrzLines(['V' + (visitor[0] ?? '').slice(1), visitor[1] ?? ''], TODAY)).toEqual({ ok: false, code: -646 });
    expect(parseMrzLines(['NOT AN MRZ'], TODAY)).toEqual({ ok: false, code: -606 });
  });

  it('reads birth centuries against today', () => {
    expect(mrzDate('160314', 'birth', TODAY)).toBe('2016-03-14');
    expect(mrzDate('850309', 'birth', TODAY)).toBe('1985-03-09');
    expect(mrzDate('340308', 'expiry', TODAY)).toBe('2034-03-08');
    expect(mrzDate('991399', 'birth', TODAY)).toBeNull();
  });
});

describe('the seeded registry', () => {
  type Case = { id: string; expect: string; stage?: 'face'; declared_residency: 'resident' | 'non_resident'; document: Record<string, unknown> & { same_as?: string } };
  const cases = data.cases as unknown as Case[];
  const documentOf = (c: Case): Record<string, unknown> => (c.document.same_as ? (cases.find((k) => k.id === c.document.same_as)?.document ?? {}) : c.document);

  it.each(cases.map((c) => [c.id, c] as const))('case %s answers as listed', (_id, c) => {
    const doc = documentOf(c);
    const req = {
      kind: doc.kind, number: doc.number, id_number: doc.id_number ?? null, nationality: doc.nationality,
      birth_date: doc.birth_date, expiry_date: doc.expiry_date, sex: doc.sex, declared_residency: c.declared_residency,
    } as VerifyRequest;
    const answer = verifyPerson(REGISTRY, req, TODAY);
    // A case refused by the face comparison (photo substitution): its document itself verifies.
    if (c.expect === 'verified' || c.stage === 'face') expect(answer).toMatchObject({ status: 200, body: { verified: true, resident: c.declared_residency === 'resident' } });
    else if (c.expect === '503') expect(answer.status).toBe(503);
    else expect(answer).toEqual({ status: 422, body: { code: Number(c.expect) } });
  });

  it('covers every code the brief lists', () => {
    const codes = new Set(cases.map((c) => c.expect));
    for (const code of ['-609', '-611', '-612', '-614', '-615', '-616', '-617', '-618', '-619', '-621', '-623', '-624', '-639', '-640', '-641', '-116', '-169', '-10018', '503', 'verified']) {
      expect(codes).toContain(code);
    }
  });
});
