import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Every sandbox's security headers, from one place (@fastify/helmet): no MIME sniffing, no
 * referrer, no framing, and a content policy that allows nothing inline (its own stylesheet,
 * images, forms to itself, no framing, no base). Exactly what the sandboxes sent before, from
 * one call: helmet's other headers are off on purpose. With Cross-Origin-Opener-Policy,
 * Cross-Origin-Resource-Policy, Origin-Agent-Cluster and the rest of helmet's defaults on, the
 * card fields stopped answering the payment page after a refused number (e2e payment-card.spec.ts);
 * the sign-in popup must keep its opener (no COOP). No Strict-Transport-Security: the sandboxes
 * speak plain http on 127.0.0.1. A page whose policy depends on the request (the card fields'
 * framing shop, the checkout's return address) sets its Content-Security-Policy itself, over
 * this default.
 */
export interface SandboxHeaderOptions {
  /** Scripts from the sandbox's own origin (the sign-in chooser's answer, the card fields). */
  scripts?: boolean;
  /** The card fields are framed by the shop's page: no X-Frame-Options (their CSP's frame-ancestors says who may). */
  framed?: boolean;
  /** Its answers may be read from other origins (the sign-in's keys and discovery document). */
  crossOriginResources?: boolean;
}

export async function sandboxHeaders(app: FastifyInstance, options: SandboxHeaderOptions = {}): Promise<void> {
  await app.register(helmet, {
    // The policy is written out as a page's own would be (a route's own policy reads the same way).
    contentSecurityPolicy: false,
    strictTransportSecurity: false,
    xFrameOptions: options.framed ? false : { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginResourcePolicy: options.crossOriginResources ? { policy: 'cross-origin' } : false,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
  const policy = defaultPolicy(options);
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('content-security-policy', policy);
  });
}

/** Nothing inline: its own stylesheet and images (and scripts, when it has any), forms to itself, never framed, no base. */
export function defaultPolicy(options: Pick<SandboxHeaderOptions, 'scripts'> = {}): string {
  return `default-src 'none';${options.scripts ? " script-src 'self';" : ''} style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`;
}
