import { DEFAULT_NUMBER_HOLD_SECONDS } from '@join/shared/contract';
import { readEnv } from '../env';

describe('environment', () => {
  it('has defaults for everything', () => {
    expect(readEnv({})).toEqual({
      PORT: 8080,
      HOST: '0.0.0.0',
      NUMBER_HOLD_SECONDS: DEFAULT_NUMBER_HOLD_SECONDS,
      JOIN_FAIL_BIZ_CONFIG: false,
      JOIN_PROMO_CODES: false,
      JOIN_TRUST_PROXY: [],
      JOIN_HSTS: false,
      LOG_LEVEL: 'info',
    });
  });

  it('reads the proxies to trust by name and refuses anything else', () => {
    expect(readEnv({ JOIN_TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,loopback' }).JOIN_TRUST_PROXY).toEqual(['10.0.0.1', '10.1.0.0/16', 'loopback']);
    expect(() => readEnv({ JOIN_TRUST_PROXY: 'true' })).toThrow(/JOIN_TRUST_PROXY/);
    expect(() => readEnv({ JOIN_TRUST_PROXY: '*' })).toThrow(/JOIN_TRUST_PROXY/);
    expect(readEnv({ JOIN_HSTS: 'on' }).JOIN_HSTS).toBe(true);
  });

  it('reads the test switches and the remotes JSON', () => {
    const env = readEnv({
      PORT: '3000',
      NUMBER_HOLD_SECONDS: '30',
      JOIN_MAINTENANCE: 'maintenance_blocking',
      JOIN_FAIL_BIZ_CONFIG: '1',
      JOIN_REMOTES: '{"plan":"https://plan.example.com/mf-manifest.json"}',
    });
    expect(env).toMatchObject({
      PORT: 3000,
      NUMBER_HOLD_SECONDS: 30,
      JOIN_MAINTENANCE: 'maintenance_blocking',
      JOIN_FAIL_BIZ_CONFIG: true,
      JOIN_REMOTES: { plan: 'https://plan.example.com/mf-manifest.json' },
    });
  });

  it('turns promo codes on with 1, true or on, and reads their rate limit', () => {
    for (const on of ['1', 'true', 'on']) expect(readEnv({ JOIN_PROMO_CODES: on }).JOIN_PROMO_CODES).toBe(true);
    for (const off of ['0', 'false', 'off', '']) expect(readEnv({ JOIN_PROMO_CODES: off }).JOIN_PROMO_CODES).toBe(false);
    expect(readEnv({ JOIN_PROMO_RATE_LIMIT: '5' }).JOIN_PROMO_RATE_LIMIT).toBe(5);
    expect(() => readEnv({ JOIN_PROMO_CODES: 'yes please' })).toThrow(/JOIN_PROMO_CODES/);
    expect(() => readEnv({ JOIN_PROMO_RATE_LIMIT: '0' })).toThrow(/JOIN_PROMO_RATE_LIMIT/);
  });

  it('names a bad variable', () => {
    expect(() => readEnv({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => readEnv({ NUMBER_HOLD_SECONDS: '-5' })).toThrow(/NUMBER_HOLD_SECONDS/);
    expect(() => readEnv({ JOIN_REMOTES: '{nope' })).toThrow(/JOIN_REMOTES.*JSON/);
    expect(() => readEnv({ JOIN_REMOTES: '{"plan":"javascript:x"}' })).toThrow(/JOIN_REMOTES/);
  });
});
