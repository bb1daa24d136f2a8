import { buildEsimApp, parseActivationCode } from '../esim-app';
import { PROFILE_TTL_MS } from '../profiles';
import { FORM_HEADERS as FORM, sandboxUnderTest } from '../../testing/sandbox-under-test';

/**
 * The eSIM provisioning sandbox through its HTTP surface: the operator's key, issuing profiles
 * (idempotent), the phone's download with every refusal, the install page in English and
 * Arabic, auto-install and expiry on a clock the test moves.
 */
const KEY = 'test-esim-key-0123456789';
const SMDP = 'smdp.test:8095';
const START = Date.UTC(2026, 0, 30, 8, 0, 0);

type ProfileJson = { id: string; state: string; smdp_address: string; matching_id: string; activation_code: string; installed_at: string | null };

describe('eSIM provisioning sandbox', () => {
  const build = (options: { autoInstallMs?: number } = {}) => (now: () => number) => buildEsimApp({ apiKey: KEY, smdpAddress: SMDP, now, ...options });
  const sandbox = sandboxUnderTest({ apiKey: KEY, start: START, build: build() });
  const { api, newKey } = sandbox;
  const order = async (msisdn = '971581234567', key = newKey()) => {
    const res = await api('POST', '/v1/profiles', { payload: { msisdn, reference: 'ORD-3001' }, key });
    expect(res.statusCode).toBe(201);
    return res.json<ProfileJson>();
  };
  const download = (activation_code: string) => sandbox.app.inject({ method: 'POST', url: '/v1/download', payload: { activation_code } });

  it('issues a released profile whose activation code names this SM-DP+ and a matching id of 4 groups of 5', async () => {
    const profile = await order();
    expect(profile).toMatchObject({
      id: expect.stringMatching(/^prf_[0-9a-f]{24}$/),
      msisdn: '971581234567',
      reference: 'ORD-3001',
      state: 'released',
      smdp_address: SMDP,
      matching_id: expect.stringMatching(/^[A-Z0-9]{5}(-[A-Z0-9]{5}){3}$/),
      installed_at: null,
      expires_at: new Date(START + PROFILE_TTL_MS).toISOString(),
    });
    expect(profile.activation_code).toBe(`LPA:1$${SMDP}$${profile.matching_id}`);
    // The shape a phone's LPA reads (GSMA SGP.22): LPA:1$<SM-DP+ address>$<matching id>.
    expect(profile.activation_code).toMatch(/^LPA:1\$[A-Za-z0-9.-]+(:\d+)?\$[A-Z0-9-]+$/);
    expect((await order()).matching_id).not.toBe(profile.matching_id);
  });

  it('refuses the operator calls without the key, and the order without an idempotency key or with a bad body', async () => {
    for (const auth of [null, 'Bearer nope-nope-nope-nope']) {
      const res = await api('POST', '/v1/profiles', { payload: { msisdn: '971581234567', reference: 'ORD-1' }, key: newKey(), auth });
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
    }
    expect((await api('GET', '/v1/profiles/prf_000000000000000000000000', { auth: null })).statusCode).toBe(401);
    expect((await api('POST', '/v1/profiles', { payload: { msisdn: '971581234567', reference: 'ORD-1' } })).json()).toMatchObject({ error: 'idempotency_key_required' });
    for (const [payload, message] of [
      [{ msisdn: '0581234567', reference: 'ORD-1' }, /msisdn: must be a UAE mobile number/],
      [{ msisdn: '971581234567', reference: '' }, /reference/],
      [{ msisdn: '971581234567', reference: 'ORD-1', iccid: '89' }, /iccid|Unrecognized/i],
    ] as const) {
      const res = await api('POST', '/v1/profiles', { payload, key: newKey() });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'invalid_request', message: expect.stringMatching(message) });
    }
  });

  it('gives the same profile for the same key (also at once); another body with it is 422', async () => {
    const key = newKey();
    const first = await order('971581234567', key);
    const again = await api('POST', '/v1/profiles', { payload: { msisdn: '971581234567', reference: 'ORD-3001' }, key });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first);
    const together = newKey();
    const answers = await Promise.all([1, 2, 3].map(() => api('POST', '/v1/profiles', { payload: { msisdn: '971589999999', reference: 'ORD-9' }, key: together })));
    expect(new Set(answers.map((a) => a.json<ProfileJson>().id)).size).toBe(1);
    const other = await api('POST', '/v1/profiles', { payload: { msisdn: '971580000001', reference: 'ORD-3001' }, key });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ error: 'idempotency_key_reused' });
  });

  it('rejects a number ending in 0404 (422 rejected)', async () => {
    const res = await api('POST', '/v1/profiles', { payload: { msisdn: '971581230404', reference: 'ORD-1' }, key: newKey() });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ status: 'rejected', reason: 'msisdn_not_provisionable' });
  });

  it('installs on the phone\'s download, once; GET then answers installed with its time', async () => {
    const profile = await order();
    sandbox.clock = START + 60_000;
    const res = await download(profile.activation_code);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ state: 'installed', profile: { id: profile.id, state: 'installed' } });
    expect((await api('GET', `/v1/profiles/${profile.id}`)).json()).toMatchObject({ state: 'installed', installed_at: new Date(START + 60_000).toISOString() });
    const twice = await download(profile.activation_code);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ error: 'already_installed' });
  });

  it('reads a code pasted with spaces around it and a lower-case prefix and id', async () => {
    const profile = await order();
    expect((await download(`  lpa:1$${SMDP}$${profile.matching_id.toLowerCase()}\n`)).statusCode).toBe(200);
  });

  it('refuses a code that is not one, names another SM-DP+, is unknown, or has expired, each with its own error', async () => {
    const profile = await order();
    const cases: [string, number, string][] = [
      ['hello', 400, 'invalid_activation_code'],
      [`LPA:1$${SMDP}`, 400, 'invalid_activation_code'],
      [`LPA:1$other.example$${profile.matching_id}`, 400, 'wrong_smdp_address'],
      [`LPA:1$${SMDP}$AAAAA-BBBBB-CCCCC-DDDDD`, 404, 'unknown_matching_id'],
    ];
    for (const [code, status, error] of cases) {
      const res = await download(code);
      expect([res.statusCode, res.json<{ error: string }>().error]).toEqual([status, error]);
    }
    expect((await sandbox.app.inject({ method: 'POST', url: '/v1/download', payload: {} })).statusCode).toBe(400);
    sandbox.clock = START + PROFILE_TTL_MS;
    expect((await api('GET', `/v1/profiles/${profile.id}`)).json()).toMatchObject({ state: 'expired' });
    const expired = await download(profile.activation_code);
    expect([expired.statusCode, expired.json<{ error: string }>().error]).toEqual([410, 'expired']);
  });

  it('answers 404 for an unknown profile', async () => {
    for (const id of ['prf_000000000000000000000000', 'x']) expect((await api('GET', `/v1/profiles/${id}`)).statusCode).toBe(404);
  });

  it('installs by itself after JOIN_ESIM_AUTO_INSTALL_MS when that is on', async () => {
    await sandbox.rebuild(build({ autoInstallMs: 5_000 }));
    const profile = await order();
    sandbox.clock = START + 4_999;
    expect((await api('GET', `/v1/profiles/${profile.id}`)).json()).toMatchObject({ state: 'released' });
    sandbox.clock = START + 9_000;
    expect((await api('GET', `/v1/profiles/${profile.id}`)).json()).toMatchObject({ state: 'installed', installed_at: new Date(START + 5_000).toISOString() });
  });

  it('lets a person install by typing the code on /install, with errors tied to the field, in English and Arabic', async () => {
    const profile = await order();
    const page = await sandbox.app.inject({ method: 'GET', url: `/install?code=${encodeURIComponent(profile.activation_code)}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("form-action 'self'");
    expect(page.body).toContain('<html lang="en" dir="ltr">');
    expect(page.body).toContain('<label for="activation_code">Activation code</label>');
    expect(page.body).toContain(`>${profile.activation_code}</textarea>`);

    const wrong = await sandbox.app.inject({ method: 'POST', url: '/install', headers: FORM, payload: new URLSearchParams({ activation_code: 'LPA:1$x', lang: 'ar' }).toString() });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('<html lang="ar" dir="rtl">');
    expect(wrong.body).toContain('aria-invalid="true"');
    expect(wrong.body).toContain('aria-describedby="code-hint code-error"');
    expect(wrong.body).toContain('هذا ليس رمز تفعيل');

    const done = await sandbox.app.inject({ method: 'POST', url: '/install', headers: FORM, payload: new URLSearchParams({ activation_code: profile.activation_code, lang: 'en' }).toString() });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('eSIM installed');
    expect((await api('GET', `/v1/profiles/${profile.id}`)).json()).toMatchObject({ state: 'installed' });

    const again = await sandbox.app.inject({ method: 'POST', url: '/install', headers: FORM, payload: new URLSearchParams({ activation_code: profile.activation_code, lang: 'en' }).toString() });
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('already installed');
  });

  it('lists the profiles on its page', async () => {
    await order();
    const list = await sandbox.app.inject({ method: 'GET', url: '/?lang=ar' });
    expect(list.body).toContain('<html lang="ar" dir="rtl">');
    expect(list.body).toContain('+971581234567');
    expect(list.body).toContain('جاهزة للتثبيت');
  });
});

describe('parseActivationCode', () => {
  it('reads LPA:1$address$matching id, and nothing else', () => {
    expect(parseActivationCode('LPA:1$127.0.0.1:8095$ABCDE-FGHJK-MNPQR-STVWX')).toEqual({ address: '127.0.0.1:8095', matchingId: 'ABCDE-FGHJK-MNPQR-STVWX' });
    for (const bad of ['', 'LPA:2$a$b', 'LPA:1$a', 'LPA:1$a$b$c', 'LPA:1$a b$c', 'LPA:1$host:999999$X']) expect(parseActivationCode(bad)).toBeNull();
  });
});
