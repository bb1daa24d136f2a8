import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ConsentBody, ConsentChoiceResponse, ConsentQuery, ConsentResponse, type ConsentChoice } from '@join/shared/contract';
import type { ConsentDeps } from './deps';
import type { ConsentRecord } from './repository';
import { authOf, clientOf } from '../../platform/http/session-auth';
import { budgetHook, rateLimitHook } from '../../platform/http/rate-limits';
import { badRequest, flowOrder, notFound } from '../../platform/refusals';

const toChoice = (c: ConsentRecord): ConsentChoice => ({ version: c.version, analytics: c.analytics, marketing: c.marketing, recorded_at: c.createdAt });

/** A choice for texts that are not the current ones: 400 on body.version, saying which version is current. */
const staleVersion = (sent: number, current: number | null) =>
  badRequest(
    'body.version',
    current === null
      ? 'there are no privacy texts to answer'
      : `the privacy texts have changed (version ${current} is current, not ${sent}): read them again, then choose`,
  );

/** A shop device's customer session: the shop's own terms apply, and the device records no customer's consent. */
const retailRefused = () => flowOrder('Consent is not recorded on a shop device: the shop’s own terms apply');

/**
 * SPEC 7's GET and POST /consent.json (issue 28). Both need the visitor's session.
 *
 * GET answers the current version of the code's texts (the highest) in the `language` header's
 * language, and the visitor's latest choice when it answers that version (null before any, and
 * again once a new version is published: the visitor is asked again).
 *
 * POST records a choice (yes or no to analytics and to marketing; necessary is always on) for the
 * current version only, with the session's user and device and the server's time: a new row each
 * time (a withdrawal is a choice too), the latest winning. Two budgets, as the feedback's: per
 * address (consentMax; a hotel's guests share one) and per device (consentPerDeviceMax).
 */
export async function consentRoutes(base: FastifyInstance, ctx: ConsentDeps): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { windowMs, consentMax, consentPerDeviceMax } = ctx.rateLimit;
  const perAddress = rateLimitHook(app, 'consent', consentMax, windowMs);
  // The plugin runs one limiting hook per request, so the second budget is a budgetHook.
  const perDevice = budgetHook(app, 'consent-device', consentPerDeviceMax, windowMs, 'device');

  app.get('/consent.json', { schema: { querystring: ConsentQuery, response: { 200: ConsentResponse } } }, async (request) => {
    const { uid } = authOf(request);
    const { code } = request.query;
    // Arabic texts are published with every version; English is the fallback of a hand-made one.
    const texts = (await ctx.repos.currentConsentTexts(code, clientOf(request).language)) ?? (await ctx.repos.currentConsentTexts(code, 'en'));
    if (!texts) throw notFound(`No privacy texts are published for ${code}`);
    const latest = await ctx.repos.latestConsent(uid, code);
    return {
      consent: { ...texts, code },
      choice: latest && latest.version === texts.version ? toChoice(latest) : null,
    };
  });

  app.post('/consent.json', { schema: { body: ConsentBody, response: { 200: ConsentChoiceResponse } }, onRequest: [perAddress, perDevice] }, async (request) => {
    const { uid, deviceId, tokenHash } = authOf(request);
    if (await ctx.retailSessions.sessionOf(tokenHash)) throw retailRefused();
    const { code, version, analytics, marketing } = request.body;
    const recorded = await ctx.repos.recordConsent({ uid, deviceId, code, version, analytics, marketing, createdAt: ctx.now() });
    if (!recorded) throw staleVersion(version, await ctx.repos.currentConsentVersion(code));
    return { choice: toChoice(recorded) };
  });
}
