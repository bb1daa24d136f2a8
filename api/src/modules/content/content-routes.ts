import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bootAnswerKey, BusinessConfig, RequestHeaders, TranslationsQuery, TranslationsResponse } from '@join/shared/contract';
import type { ContentDeps } from './deps';
import { unavailable } from '../../platform/refusals';
import { businessConfig } from '../catalogue';
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

  // Both are asked on every page load, before anything shows, and are the same for everyone:
  // built and serialized once per version of their table (an operator's edit moves it, even
  // from another process), then sent as they are with an ETag (a matching If-None-Match: 304).
  const configs = new AnswerCache(1);
  const translationSets = new AnswerCache();

  app.get('/biz_config/app', { schema: { response: { 200: BusinessConfig } } }, async (request, reply) => {
    // Lets the e2e suite reach the fatal start-up screen of SPEC 4.
    if (ctx.bizConfig.fail) throw unavailable('Business config is unavailable');
    const { businessConfig: version } = await ctx.repos.referenceVersions();
    const config = await configs.answer(
      'biz_config',
      String(version),
      ctx.now(),
      async () => ({ value: await businessConfig(ctx), until: null }),
      (value) => reply.serialize(value),
    );
    reply.header('cache-control', 'no-cache');
    return sendCachedAnswer(request, reply, config);
  });

  app.get('/translations', { schema: { querystring: TranslationsQuery, response: { 200: TranslationsResponse } } }, async (request, reply) => {
    const { container_id } = request.query;
    const language = languageHeader(request);
    const { translations: version } = await ctx.repos.referenceVersions();
    const translations = await translationSets.answer(
      `${container_id}:${language}`,
      String(version),
      ctx.now(),
      async () => ({ value: { language, translations: await ctx.repos.getTranslations(container_id, language) }, until: null }),
      (value) => reply.serialize(value),
    );
    reply.header('cache-control', 'no-cache').header('vary', 'language');
    return sendCachedAnswer(request, reply, translations);
  });
}

/**
 * The answers of the two calls above for the page the server renders (platform/static
 * boot-page.ts), by the kernel's bootAnswerKey: the web client's translations in the page's
 * language, and the business config (the same in either language: under both). A failing business
 * config gives none: the client then asks, and shows SPEC 4's fatal screen.
 */
export function pageAnswers(ctx: ContentDeps) {
  return async (language: 'en' | 'ar'): Promise<Record<string, unknown>> => {
    const translations = { language, translations: await ctx.repos.getTranslations('web', language) };
    const answers: Record<string, unknown> = { [bootAnswerKey('/translations', { container_id: 'web' }, language)]: translations };
    if (!ctx.bizConfig.fail) {
      const config = await businessConfig(ctx);
      for (const l of ['en', 'ar']) answers[bootAnswerKey('/biz_config/app', undefined, l)] = config;
    }
    return answers;
  };
}
