import { z } from 'zod';
import { APP_STORES } from './constants';

/**
 * One store's listing of the operator's app, as GET /cms/rating_list answers it: the store's name
 * in the page's language, the rating out of 5 and how many ratings it is of, and the listing's
 * address (configured by the operator; the page links to it and never fetches anything from a
 * store). The same rows are the business config's smart_banner_apps_rating (SPEC 3).
 */
export const AppRatingEntry = z.object({
  store: z.enum(APP_STORES),
  name: z.string().min(1).max(40),
  rating: z.number().min(0).max(5),
  count: z.number().int().nonnegative(),
  url: z.string().regex(/^https:\/\/[^\s"'<>]+$/, 'must be an https address'),
});
export type AppRatingEntry = z.infer<typeof AppRatingEntry>;

/** GET /cms/rating_list: one entry per store (none when the operator lists no app). */
export const RatingListResponse = z.object({ ratings: z.array(AppRatingEntry).max(APP_STORES.length) });
export type RatingListResponse = z.infer<typeof RatingListResponse>;
