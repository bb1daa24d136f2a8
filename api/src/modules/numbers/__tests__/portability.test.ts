import { checkPortability, type PortabilityFacts } from '../portability';

const facts: PortabilityFacts = {
  externalMsisdn: '971551234567',
  operatorCode: 'du',
  subscriber: { msisdn: '971551234567', operatorCode: 'du', status: 'active' },
  transferHolder: null,
  uid: 'me',
};

describe('checkPortability', () => {
  it('accepts an active number with its operator, and the user’s own live transfer of it', () => {
    expect(checkPortability(facts)).toEqual({ ok: true });
    expect(checkPortability({ ...facts, transferHolder: 'me' })).toEqual({ ok: true });
  });

  it('refuses in the documented order', () => {
    const refusal = (f: Partial<PortabilityFacts>) => {
      const decision = checkPortability({ ...facts, ...f });
      return decision.ok ? null : decision.refusal;
    };
    expect(refusal({ externalMsisdn: '971581234567', subscriber: null })).toBe('own_range');
    expect(refusal({ subscriber: null })).toBe('not_activated');
    expect(refusal({ subscriber: { ...facts.subscriber!, status: 'not_activated' }, operatorCode: 'virgin' })).toBe('not_activated');
    expect(refusal({ subscriber: { ...facts.subscriber!, status: 'in_transfer' }, operatorCode: 'etisalat' })).toBe('wrong_operator');
    expect(refusal({ subscriber: { ...facts.subscriber!, status: 'in_transfer' } })).toBe('in_transfer');
    expect(refusal({ transferHolder: 'someone-else' })).toBe('in_transfer');
  });
});
