import { dummyHash, hashPassword, hashPasswordSync, parsePasswordHash, SCRYPT_PARAMS, verifyPassword, verifyPasswordOrDummy } from '../passwords';

/** Small parameters where only the logic is under test (the real cost is ~130 ms a hash). */
const FAST = { N: 2 ** 10, r: 8, p: 1 };

describe('passwords (scrypt)', () => {
  it('stores scrypt$N$r$p$salt$hash with the production cost, a 16-byte salt and a 32-byte key', async () => {
    const stored = await hashPassword('Welcome2026');
    const parsed = parsePasswordHash(stored);
    expect(stored.startsWith(`scrypt$${SCRYPT_PARAMS.N}$8$3$`)).toBe(true);
    expect(SCRYPT_PARAMS).toEqual({ N: 32768, r: 8, p: 3 });
    expect(parsed?.salt).toHaveLength(16);
    expect(parsed?.key).toHaveLength(32);
    expect(await verifyPassword('Welcome2026', stored)).toBe(true);
    expect(await verifyPassword('welcome2026', stored)).toBe(false);
  });

  it('salts every hash: the same password hashes differently, and each verifies', async () => {
    const a = await hashPassword('Same1234', FAST);
    const b = await hashPassword('Same1234', FAST);
    expect(a).not.toBe(b);
    expect(await verifyPassword('Same1234', a)).toBe(true);
    expect(await verifyPassword('Same1234', b)).toBe(true);
  });

  it('verifies with the parameters stored in the hash (a later cost change keeps old hashes valid)', async () => {
    const old = hashPasswordSync('Older1234', FAST);
    expect(old.startsWith('scrypt$1024$8$1$')).toBe(true);
    expect(await verifyPassword('Older1234', old)).toBe(true);
  });

  it('refuses, without throwing, anything that is not its own format', async () => {
    for (const bad of ['', 'plain', 'scrypt$3$8$1$c2FsdHNhbHRzYWx0c2FsdA==$a2V5a2V5a2V5a2V5a2V5a2V5', 'bcrypt$2b$10$x', 'scrypt$1024$8$1$$']) {
      expect(parsePasswordHash(bad)).toBeNull();
      expect(await verifyPassword('anything', bad)).toBe(false);
    }
  });

  it('spends a real scrypt on an e-mail without a password, and says no', async () => {
    expect(parsePasswordHash(await dummyHash())).not.toBeNull();
    expect(await dummyHash()).toBe(await dummyHash());
    const started = performance.now();
    expect(await verifyPasswordOrDummy('Welcome2026', null)).toBe(false);
    const dummyMs = performance.now() - started;
    const real = await hashPassword('Welcome2026');
    const t0 = performance.now();
    expect(await verifyPasswordOrDummy('Welcome2026', real)).toBe(true);
    const realMs = performance.now() - t0;
    // Same parameters, same work: within a factor of the machine's noise, not 0 ms against 100.
    expect(dummyMs).toBeGreaterThan(realMs / 4);
  });
});
