import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bootAnswerKey, BusinessConfig, RequestHeaders, TranslationsQuery, TranslationsResponse } from '@join/shared/contract';
import type { ContentDeps } from './deps';
import { unavailable } from '../../platform/refusals';
import { businessConfig } from '../catalogue';
import { parseInput } from '../../platform/http/validate';

/**
 * Calls the client makes before it has a session (SPEC 4 start-up: translations and business
 * config come first). Headers are still parsed, but none is required.
 */
const OptionalHeaders = RequestHeaders.partial();

export async function contentRoutes(base: FastifyInstance, ctx: ContentDeps): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  // Headers are parsed before anything else (an onRequest hook, as on the other rings).
  app.addHook('onRequest', async (request) => {
    parseInput(OptionalHeaders, request.headers, 'headers');
  });

  app.get('/biz_config/app', { schema: { response: { 200: BusinessConfig } } }, async (_request, reply) => {
    // Lets the e2e suite reach the fatal start-up screen of SPEC 4.
    if (ctx.bizConfig.fail) throw unavailable('Business config is unavailable');
    const config = await businessConfig(ctx);
    reply.header('cache-control', 'no-cache');
    return config;
  });

  app.get('/translations', { schema: { querystring: TranslationsQuery, response: { 200: TranslationsResponse } } }, async (request, reply) => {
    const { container_id } = request.query;
    const language = parseInput(OptionalHeaders, request.headers, 'headers').language ?? 'en';
    reply.header('cache-control', 'no-cache').header('vary', 'language');
    return { language, translations: await ctx.repos.getTranslations(container_id, language) };
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
