import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RetailDeps } from './deps';
import { retailOff } from './errors';
import { RETAIL_COOKIES } from './rules';

/**
 * The retail cookies on the wire (@fastify/cookie, registered for the retail routes and the device-id login by the composition root):
 * HttpOnly (no script reads them), SameSite=Strict (no other site's page sends them), Path=/api,
 * Secure whenever the request came over HTTPS. Their values are 256-bit secrets, stored hashed.
 */
export type RetailCookie = keyof typeof RETAIL_COOKIES;

export const cookieOf = (request: FastifyRequest, which: RetailCookie): string | undefined => request.cookies[RETAIL_COOKIES[which]];

/** The request's device and staff cookies, as the services take them. */
export const shopCookies = (request: FastifyRequest) => ({ device: cookieOf(request, 'device'), staff: cookieOf(request, 'staff') });

const base = (request: FastifyRequest) => ({ httpOnly: true, sameSite: 'strict' as const, path: '/api', secure: request.protocol === 'https' });

export function setRetailCookie(request: FastifyRequest, reply: FastifyReply, which: RetailCookie, value: string, expires: Date): void {
  reply.setCookie(RETAIL_COOKIES[which], value, { ...base(request), expires });
}

export function clearRetailCookie(request: FastifyRequest, reply: FastifyReply, which: RetailCookie): void {
  reply.clearCookie(RETAIL_COOKIES[which], base(request));
}

/** onRequest hook of every /retail route: 404 retail_off while the business config has retail_flow false (SPEC 9). */
export function retailOffGuard(ctx: Pick<RetailDeps, 'repos'>) {
  return async (): Promise<void> => {
    if (!(await ctx.repos.getBusinessConfig()).retail_flow) throw retailOff();
  };
}
