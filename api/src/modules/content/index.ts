/** The content module's public entry: the open reads (config, translations), the feedback, and the Arabic texts. */
export { contentRoutes, pageAnswers as contentPageAnswers } from './content-routes';
export { feedbackRoutes } from './feedback-routes';
export type * from './repository';
export type { ContentDeps } from './deps';
