import { BizConfigResponse } from '@join/shared/contract';
import { createTestApp, type TestApp } from '../../../testing/harness';
import { contentSecurityPolicy } from '../security-headers';

/**
 * The tag manager's script (issue 28): a configured URL, off by default. Configured, the business
 * config names it to the page and the CSP lets its origin load scripts and be fetched from, and
 * nothing else; unset, the config says null and the CSP is the one without it.
 */
const URL_SET = 'https://tags.example.ae/gtm.js?id=GTM-ABC123';

const directives = (csp: string | undefined) => new Map((csp ?? '').split('; ').map((d) => [d.split(' ')[0], d] as const));

describe('the tag manager script', () => {
  let t: TestApp;
  afterEach(() => t.close());

  it('is off by default: no address in the business config, and a CSP without any third-party origin', async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/api/biz_config/app' });
    expect(BizConfigResponse.parse(res.json()).tag_manager_url).toBeNull();
    expect(res.json()).toHaveProperty('tag_manager_url', null);
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toBe(contentSecurityPolicy([]));
    expect(csp).not.toContain('tags.example.ae');
    expect(directives(csp).get('script-src')).toBe("script-src 'self' 'wasm-unsafe-eval'");
    expect(directives(csp).get('connect-src')).toBe("connect-src 'self'");
  });

  it('configured: the business config names it, and the CSP allows its origin in script-src and connect-src only', async () => {
    t = await createTestApp({ tagManagerUrl: URL_SET });
    const res = await t.app.inject({ method: 'GET', url: '/api/biz_config/app' });
    expect(BizConfigResponse.parse(res.json()).tag_manager_url).toBe(URL_SET);
    const csp = directives(res.headers['content-security-policy'] as string);
    // Its origin, not its path or query.
    expect(csp.get('script-src')).toBe("script-src 'self' https://tags.example.ae 'wasm-unsafe-eval'");
    expect(csp.get('connect-src')).toBe("connect-src 'self' https://tags.example.ae");
    // Every other directive as without it: no frames, styles, images or fonts from there.
    const plain = directives(contentSecurityPolicy([]));
    for (const [name, value] of plain) if (name !== 'script-src' && name !== 'connect-src') expect(csp.get(name)).toBe(value);
    expect([...csp.keys()].sort()).toEqual([...plain.keys()].sort());
  });

  it('configured: the document policy with the card provider frame keeps the tag manager origin too', () => {
    const csp = directives(contentSecurityPolicy([], { frameOrigins: ['https://cards.example'], tagManagerOrigins: ['https://tags.example.ae'] }));
    expect(csp.get('frame-src')).toBe('frame-src https://cards.example');
    expect(csp.get('script-src')).toContain('https://tags.example.ae');
    expect(csp.get('frame-src')).not.toContain('tags.example.ae');
  });
});
