import Fastify, { type FastifyReply } from 'fastify';
import { defaultPolicy, sandboxHeaders, type SandboxHeaderOptions } from '../headers';

/** Every sandbox's security headers come from headers.ts (helmet and the default policy). */
async function headersOf(options?: SandboxHeaderOptions, route?: (reply: FastifyReply) => void) {
  const app = Fastify();
  await sandboxHeaders(app, options);
  app.get('/', async (_request, reply) => {
    route?.(reply);
    return reply.type('text/html').send('<p>page</p>');
  });
  const res = await app.inject({ method: 'GET', url: '/' });
  await app.close();
  return res.headers;
}

describe('sandbox security headers', () => {
  it('send nothing-inline, no framing, no sniffing, no referrer, and no HSTS (plain http on loopback)', async () => {
    const h = await headersOf();
    expect(h['content-security-policy']).toBe("default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'");
    expect(h).toMatchObject({ 'x-frame-options': 'DENY', 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer' });
    // What the sandboxes sent before, and nothing more (headers.ts says why).
    for (const name of ['strict-transport-security', 'cross-origin-opener-policy', 'cross-origin-resource-policy', 'origin-agent-cluster', 'x-dns-prefetch-control', 'x-xss-protection']) {
      expect([name, h[name]]).toEqual([name, undefined]);
    }
  });

  it('let the card fields be framed, the sign-in popup keep its opener and its keys be read cross-origin', async () => {
    expect((await headersOf({ framed: true }))['x-frame-options']).toBeUndefined();
    const signin = await headersOf({ scripts: true, crossOriginResources: true });
    expect(signin['cross-origin-opener-policy']).toBeUndefined();
    expect(signin['cross-origin-resource-policy']).toBe('cross-origin');
    expect(signin['content-security-policy']).toBe(defaultPolicy({ scripts: true }));
    expect(defaultPolicy({ scripts: true })).toContain("script-src 'self'; style-src 'self'");
  });

  it('let a route set its own policy over the default', async () => {
    const h = await headersOf({}, (reply) => reply.header('content-security-policy', "default-src 'none'; frame-ancestors http://localhost:8080"));
    expect(h['content-security-policy']).toBe("default-src 'none'; frame-ancestors http://localhost:8080");
  });
});
