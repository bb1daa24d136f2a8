import { z } from 'zod';
import { isKnownPath, normalizePath } from '@join/shared';
import { feedbackTextField } from './feedback-rule';

/**
 * POST /me/feedback (our addition for SPEC 2's help and feedback modal): the text, and the
 * route the modal was opened on. The server adds who sent it (user and device, from the
 * session), the step of that route (the flow contract), the language header and the time.
 */
export const FeedbackBody = z
  .object({
    text: feedbackTextField(),
    route: z
      .string()
      .max(200)
      .refine((r) => r.startsWith('/') && isKnownPath(r), { message: 'must be a route of the flow' })
      .transform((r) => normalizePath(r)),
  })
  .strict();
export type FeedbackBody = z.infer<typeof FeedbackBody>;

export const FeedbackEntry = z.object({
  id: z.number().int().positive(),
  text: z.string(),
  route: z.string(),
  /** The flow step of the route; null for the start page and the routes outside the steps. */
  step: z.string().nullable(),
  language: z.enum(['en', 'ar']),
  created_at: z.number().int(),
});
export type FeedbackEntry = z.infer<typeof FeedbackEntry>;

export const FeedbackResponse = z.object({ feedback: FeedbackEntry });
export type FeedbackResponse = z.infer<typeof FeedbackResponse>;

/** GET /me/feedback: what this visitor has sent, newest first. */
export const FeedbackListResponse = z.object({ feedback: z.array(FeedbackEntry) });
export type FeedbackListResponse = z.infer<typeof FeedbackListResponse>;
