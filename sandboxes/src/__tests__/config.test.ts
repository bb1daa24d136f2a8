import { readSandboxesConfig } from '../config';
import { SANDBOX_BNPL_KEY, SANDBOX_CARD_MERCHANT_ID } from '../defaults';

/** The sandboxes program's environment: the same names as the operator API's, for the ports and keys they share. */
describe('the sandboxes program environment', () => {
  it('has development defaults: every sandbox on its own port, the development keys, the product on 8080', () => {
    const config = readSandboxesConfig({});
    expect([...config.run].sort()).toEqual(['authority', 'bnpl', 'card', 'courier', 'esim', 'mail', 'portability', 'signin', 'terminal']);
    expect(config.ports).toEqual({ mail: 2525, outbox: 8096, signin: 8090, authority: 8091, card: 8092, bnpl: 8093, courier: 8094, esim: 8095, portability: 8097, terminal: 8098 });
    expect(config.keys.bnpl).toBe(SANDBOX_BNPL_KEY);
    expect(config.merchantId).toBe(SANDBOX_CARD_MERCHANT_ID);
    expect(config.cardOrigins).toEqual(['http://localhost:8080', 'http://127.0.0.1:8080']);
    expect([...config.signinClients.entries()]).toEqual([['join-web', ['http://localhost:8080', 'http://127.0.0.1:8080']]]);
    expect(config).toMatchObject({ courierStepMs: 20_000, esimAutoInstallMs: 0, testHooks: false, bnplLimits: { minFils: 5_000, maxFils: 500_000 }, mailCapacity: 200 });
    expect(readSandboxesConfig({ JOIN_MAIL_SINK_CAPACITY: '5000' }).mailCapacity).toBe(5000);
    expect(() => readSandboxesConfig({ JOIN_MAIL_SINK_CAPACITY: '0' })).toThrow(/JOIN_MAIL_SINK_CAPACITY/);
  });

  it('starts no sandbox for a provider configured for real, and only the ones a list names', () => {
    expect([...readSandboxesConfig({ JOIN_CARD_URL: 'https://api.cards.example', JOIN_GOOGLE_LOGIN: 'off' }).run].sort()).toEqual(['authority', 'bnpl', 'courier', 'esim', 'mail', 'portability', 'terminal']);
    expect([...readSandboxesConfig({ JOIN_SANDBOXES: 'mail, card' }).run].sort()).toEqual(['card', 'mail']);
    expect([...readSandboxesConfig({ JOIN_SANDBOXES: 'off' }).run]).toEqual([]);
    expect(() => readSandboxesConfig({ JOIN_SANDBOXES: 'mail,post' })).toThrow(/JOIN_SANDBOXES names "post"/);
  });

  it('refuses to run in production: a sandbox signs a token for any e-mail and approves any checkout', () => {
    expect(() => readSandboxesConfig({ NODE_ENV: 'production' })).toThrow(/NODE_ENV is production/);
  });

  it('reads the sign-in clients, the card origins, the clocks and the limits, and names a bad one', () => {
    const config = readSandboxesConfig({
      PORT: '9300',
      JOIN_SIGNIN_CLIENTS: 'join-web=http://localhost:9300',
      JOIN_CARD_ORIGINS: 'http://localhost:9300, http://127.0.0.1:9300',
      JOIN_COURIER_STEP_MS: '1500',
      JOIN_ESIM_AUTO_INSTALL_MS: '5000',
      JOIN_BNPL_MIN_AED: '100',
      JOIN_BNPL_MAX_AED: '2500.50',
      JOIN_TEST_HOOKS: '1',
    });
    expect([...config.signinClients.entries()]).toEqual([['join-web', ['http://localhost:9300']]]);
    expect(config.cardOrigins).toEqual(['http://localhost:9300', 'http://127.0.0.1:9300']);
    expect(config).toMatchObject({ courierStepMs: 1500, esimAutoInstallMs: 5000, testHooks: true, bnplLimits: { minFils: 10_000, maxFils: 250_050 } });
    expect(readSandboxesConfig({ JOIN_COURIER_STEP_MS: '', JOIN_ESIM_AUTO_INSTALL_MS: '' })).toMatchObject({ courierStepMs: 20_000, esimAutoInstallMs: 0 });
    expect(() => readSandboxesConfig({ JOIN_SIGNIN_CLIENTS: 'join-web=http://localhost:9300/login' })).toThrow(/JOIN_SIGNIN_CLIENTS.*origin only/);
    expect(() => readSandboxesConfig({ JOIN_CARD_ORIGINS: 'http://localhost:9300/pay' })).toThrow(/JOIN_CARD_ORIGINS.*origin only/);
    expect(() => readSandboxesConfig({ JOIN_COURIER_STEP_MS: '0' })).toThrow(/JOIN_COURIER_STEP_MS/);
    expect(() => readSandboxesConfig({ JOIN_COURIER_STEP_MS: '1.5' })).toThrow(/JOIN_COURIER_STEP_MS/);
    expect(() => readSandboxesConfig({ JOIN_ESIM_AUTO_INSTALL_MS: '-1' })).toThrow(/JOIN_ESIM_AUTO_INSTALL_MS/);
    expect(() => readSandboxesConfig({ JOIN_SIGNIN_PORT: '70000' })).toThrow(/JOIN_SIGNIN_PORT/);
    expect(() => readSandboxesConfig({ JOIN_BNPL_KEY: 'short' })).toThrow(/JOIN_BNPL_KEY/);
    expect(() => readSandboxesConfig({ JOIN_BNPL_MIN_AED: '600', JOIN_BNPL_MAX_AED: '500' })).toThrow(/JOIN_BNPL_MIN_AED must not be above JOIN_BNPL_MAX_AED/);
  });
});
