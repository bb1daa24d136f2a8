import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { FeedbackBody, FeedbackListResponse, FeedbackResponse, stepForPath, type FeedbackEntry } from '@join/shared/contract';
import type { ContentDeps } from './deps';
import type { FeedbackRecord } from './repository';
import { authOf, clientOf } from '../../platform/http/session-auth';
import { budgetHook, rateLimitHook } from '../../platform/http/rate-limits';

/** How many of their own notes GET /me/feedback shows a visitor. */
export const FEEDBACK_LIST_LIMIT = 20;

const toEntry = (f: FeedbackRecord): FeedbackEntry => ({
  id: f.id,
  text: f.text,
  route: f.route,
  step: f.step,
  language: f.language,
  created_at: f.createdAt,
});

/**
 * The help modal's feedback (SPEC 2 and 5), our addition to the API of SPEC 7. The text is
 * parsed with the schema the modal's form uses (50 characters, none of < > { } ( ) _ * ^ #),
 * and stored with the visitor's user and device, the route and its flow step, the language
 * header and the server's time. Two budgets guard it: per address (ctx.rateLimit.feedbackMax)
 * and per device (feedbackPerDeviceMax), so one visitor cannot fill the table and a hotel's
 * shared address still leaves each guest their own allowance.
 */
export async function feedbackRoutes(base: FastifyInstance, ctx: ContentDeps): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { windowMs, feedbackMax, feedbackPerDeviceMax } = ctx.rateLimit;
  const perAddress = rateLimitHook(app, 'feedback', feedbackMax, windowMs);
  // The plugin runs one limiting hook per request, so the second budget is a budgetHook.
  const perDevice = budgetHook(app, 'feedback-device', feedbackPerDeviceMax, windowMs, 'device');

  app.post('/me/feedback', { schema: { body: FeedbackBody, response: { 200: FeedbackResponse } }, onRequest: [perAddress, perDevice] }, async (request) => {
    const { uid } = authOf(request);
    const client = clientOf(request);
    const { text, route } = request.body;
    const saved = await ctx.repos.addFeedback({
      uid,
      deviceId: client['device-id'],
      text,
      route,
      step: stepForPath(route)?.name ?? null,
      language: client.language,
      createdAt: ctx.now(),
    });
    return { feedback: toEntry(saved) };
  });

  app.get('/me/feedback', { schema: { response: { 200: FeedbackListResponse } } }, async (request) => {
    const { uid } = authOf(request);
    return { feedback: (await ctx.repos.listFeedback(uid, FEEDBACK_LIST_LIMIT)).map(toEntry) };
  });
}
