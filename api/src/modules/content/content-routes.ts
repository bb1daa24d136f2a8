import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppRatingEntry, bootAnswerKey, BusinessConfig, OffersResponse, RatingListResponse, RequestHeaders, TranslationsQuery, TranslationsResponse } from '@join/shared/contract';
import type { ContentDeps } from './deps';
import { unavailable } from '../../platform/refusals';
import { businessConfig, offersAnswer } from '../catalogue';
import { parseInput } from '../../platform/http/validate';
import { AnswerCache, sendCachedAnswer } from '../../platform/http/cached-answer';

/**
 * Calls the client makes before it has a session (SPEC 4 start-up: translations and business
 * config come first). Headers are still parsed, but none is required.
 */
const OptionalHeaders = RequestHeaders.partial();

/** The `language` header, which the ring's onRequest hook has checked: en, ar, or none (English). */
const languageHeader = (request: FastifyRequest): 'en' | 'ar' => (request.headers.language === 'ar' ? 'ar' : 'en');

export async function contentRoutes(base: FastifyInstance, ctx: ContentDeps): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  // Headers are parsed before anything else (an onRequest hook, as on the other rings).
  app.addHook('onRequest', (request, _reply, done) => {
    parseInput(OptionalHeaders, request.headers, 'headers');
    done();
  });

  app.get('/biz_config/app', { schema: { response: { 200: BusinessConfig } } }, async (request, reply) => {
    // Lets the e2e suite reach the fatal start-up screen of SPEC 4.
    if (ctx.bizConfig.fail) throw unavailable('Business config is unavailable');
    const config = await configAnswer(ctx, (value) => reply.serialize(value));
    reply.header('cache-control', 'no-cache');
    return sendCachedAnswer(request, reply, config);
  });

  app.get('/translations', { schema: { querystring: TranslationsQuery, response: { 200: TranslationsResponse } } }, async (request, reply) => {
    const translations = await translationsAnswer(ctx, request.query.container_id, languageHeader(request), (value) => reply.serialize(value));
    reply.header('cache-control', 'no-cache').header('vary', 'language');
    return sendCachedAnswer(request, reply, translations);
  });

  /**
   * SPEC 7 "GET /cms/offers": the marketing offers the operator configures, in the request's
   * language. Content for everyone (no session), shown whatever the visitor's consent: an offer
   * is not tracking.
   */
  app.get('/cms/offers', { schema: { response: { 200: OffersResponse } } }, async (request, reply) => {
    reply.header('cache-control', 'no-cache').header('vary', 'language');
    return { offers: await offersAnswer(ctx, languageHeader(request)) };
  });

  /**
   * SPEC 7 GET /cms/rating_list: the app's store listings (SPEC 2's smart banner), the store names
   * in the request's language. The same rows make the business config's smart_banner_apps_rating,
   * so the two always agree; both are cached under the business config's version.
   */
  app.get('/cms/rating_list', { schema: { response: { 200: RatingListResponse } } }, async (request, reply) => {
    const ratings = await ratingListAnswer(ctx, languageHeader(request), (value) => reply.serialize(value));
    reply.header('cache-control', 'no-cache').header('vary', 'language');
    return sendCachedAnswer(request, reply, ratings);
  });
}

/**
 * Both are asked on every page load, before anything shows, and are the same for everyone: built
 * and serialized once per version of their table (an operator's edit moves it, even from another
 * process), then sent as they are with an ETag (a matching If-None-Match: 304). One pair of caches
 * per context, read by the routes and by the page the server renders (pageAnswers).
 */
const caches = new WeakMap<ContentDeps, { configs: AnswerCache; translationSets: AnswerCache; ratingLists: AnswerCache }>();
function cachesOf(ctx: ContentDeps) {
  let c = caches.get(ctx);
  if (!c) caches.set(ctx, (c = { configs: new AnswerCache(1), translationSets: new AnswerCache(), ratingLists: new AnswerCache(2) }));
  return c;
}

type Serialize = (value: unknown) => string | Uint8Array | ArrayBuffer;

async function configAnswer(ctx: ContentDeps, serialize: Serialize) {
  const { businessConfig: version } = await ctx.repos.referenceVersions();
  return cachesOf(ctx).configs.answer('biz_config', String(version), ctx.now(), async () => ({ value: await businessConfig(ctx), until: null }), serialize);
}

async function translationsAnswer(ctx: ContentDeps, containerId: string, language: 'en' | 'ar', serialize: Serialize) {
  const { translations: version } = await ctx.repos.referenceVersions();
  return cachesOf(ctx).translationSets.answer(
    `${containerId}:${language}`,
    String(version),
    ctx.now(),
    async () => ({ value: { language, translations: await ctx.repos.getTranslations(containerId, language) }, until: null }),
    serialize,
  );
}

/** The listings in one language; a row an operator's hand edit made unusable (not an https link) is left out. */
async function ratingListAnswer(ctx: ContentDeps, language: 'en' | 'ar', serialize: Serialize) {
  const { businessConfig: version } = await ctx.repos.referenceVersions();
  return cachesOf(ctx).ratingLists.answer(
    language,
    String(version),
    ctx.now(),
    async () => {
      const listings = await ctx.repos.getAppListings();
      const ratings = listings
        .map((l) => AppRatingEntry.safeParse({ store: l.store, name: language === 'ar' ? l.nameAr : l.nameEn, rating: l.rating, count: l.count, url: l.url }))
        .flatMap((r) => (r.success ? [r.data] : []));
      return { value: { ratings }, until: null };
    },
    serialize,
  );
}

/**
 * The answers of the two calls above for the page the server renders (platform/static
 * boot-page.ts), by the kernel's bootAnswerKey: the web client's translations in the page's
 * language, and the business config (the same in either language: under both). A failing business
 * config gives none: the client then asks, and shows SPEC 4's fatal screen.
 */
export function pageAnswers(ctx: ContentDeps) {
  // The routes' cached bytes (serialized here as the routes' schemas would), not a read per page.
  const translationsOf = async (language: 'en' | 'ar') =>
    JSON.parse(String((await translationsAnswer(ctx, 'web', language, (v) => JSON.stringify(TranslationsResponse.parse(v)))).body)) as unknown;
  return async (language: 'en' | 'ar'): Promise<Record<string, unknown>> => {
    const answers: Record<string, unknown> = { [bootAnswerKey('/translations', { container_id: 'web' }, language)]: await translationsOf(language) };
    if (!ctx.bizConfig.fail) {
      const config = JSON.parse(String((await configAnswer(ctx, (v) => JSON.stringify(BusinessConfig.parse(v)))).body)) as unknown;
      for (const l of ['en', 'ar']) answers[bootAnswerKey('/biz_config/app', undefined, l)] = config;
    }
    return answers;
  };
}
