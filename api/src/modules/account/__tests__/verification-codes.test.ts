import { CODE_RULES, checkCode, decideSend, generateCode, hashCode, type CodeRecord } from '../verification-codes';

const NOW = Date.UTC(2026, 0, 15, 10, 0, 0);
const EMAIL = 'noor@example.com';

function sent(code: string, at = NOW, previous: CodeRecord | null = null): CodeRecord {
  const d = decideSend(previous, EMAIL, code, 'salt-1', at);
  if (!d.ok) throw new Error(`not sent: ${d.reason}`);
  return d.record;
}

describe('verification codes', () => {
  it('generates 6 digits, zero-padded, from the random source', () => {
    expect(generateCode(() => 42)).toBe('000042');
    expect(generateCode(() => 999_999)).toBe('999999');
    const seen = new Set(Array.from({ length: 200 }, () => generateCode()));
    for (const c of seen) expect(c).toMatch(/^\d{6}$/);
    expect(seen.size).toBeGreaterThan(150);
  });

  it('stores only a salted hash of the code', () => {
    const record = sent('123456');
    expect(JSON.stringify(record)).not.toContain('123456');
    expect(record.codeHash).toBe(hashCode('123456', 'salt-1'));
    expect(hashCode('123456', 'salt-2')).not.toBe(record.codeHash);
  });

  it('accepts the right code once (single use)', () => {
    const record = sent('123456');
    const first = checkCode(record, '123456', NOW + 1000);
    expect(first.result).toEqual({ kind: 'ok' });
    expect(first.next?.codeHash).toBeNull();
    expect(checkCode(first.next ?? null, '123456', NOW + 2000).result).toEqual({ kind: 'expired' });
  });

  it('expires after the TTL', () => {
    const record = sent('123456');
    expect(checkCode(record, '123456', NOW + CODE_RULES.ttlS * 1000 - 1).result).toEqual({ kind: 'ok' });
    expect(checkCode(record, '123456', NOW + CODE_RULES.ttlS * 1000).result).toEqual({ kind: 'expired' });
    expect(checkCode(null, '123456', NOW).result).toEqual({ kind: 'expired' });
  });

  it('counts wrong tries and burns the code on the fifth, even for the right code afterwards', () => {
    let record: CodeRecord = sent('123456');
    const left: number[] = [];
    for (let i = 0; i < CODE_RULES.maxAttempts - 1; i += 1) {
      const d = checkCode(record, '000000', NOW);
      if (d.result.kind !== 'wrong' || !d.next) throw new Error('expected a wrong code');
      left.push(d.result.attemptsLeft);
      record = d.next;
    }
    expect(left).toEqual([4, 3, 2, 1]);
    const last = checkCode(record, '000000', NOW);
    expect(last.result).toEqual({ kind: 'attempts' });
    expect(checkCode(last.next ?? null, '123456', NOW).result).toEqual({ kind: 'attempts' });
  });

  it('lets a new code replace the old one, after the resend wait', () => {
    const first = sent('111111');
    expect(decideSend(first, EMAIL, '222222', 's', NOW + 29_000)).toEqual({ ok: false, reason: 'resend_wait', retryAfterS: 1 });
    const second = sent('222222', NOW + 30_000, first);
    expect(checkCode(second, '111111', NOW + 31_000).result).toEqual({ kind: 'wrong', attemptsLeft: 4 });
    expect(checkCode(second, '222222', NOW + 31_000).result).toEqual({ kind: 'ok' });
    expect(second.attempts).toBe(0);
  });

  it('sends at most 5 codes an hour per e-mail, then says when the hour ends', () => {
    let record = sent('000001');
    for (let i = 2; i <= CODE_RULES.sendsPerHour; i += 1) record = sent(`00000${i}`, NOW + (i - 1) * 60_000, record);
    expect(record.sendsInWindow).toBe(5);
    const refused = decideSend(record, EMAIL, '999999', 's', NOW + 10 * 60_000);
    expect(refused).toEqual({ ok: false, reason: 'hourly_cap', retryAfterS: 50 * 60 });
    const later = decideSend(record, EMAIL, '999999', 's', NOW + 3600_000);
    expect(later.ok && later.record.sendsInWindow).toBe(1);
  });
});
