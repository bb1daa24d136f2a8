import { apiClient, type ApiClient } from '@join/shared';
import { FeedbackResponse } from './schemas';

/** The help modal's call (our addition to SPEC 7), over the page's one client. */
export const helpEndpoints = (c: ApiClient = apiClient) => ({
  /** The feedback note, with the route it was sent from (the server checks both). */
  sendFeedback: (text: string, route: string) => c.request('POST', '/me/feedback', { schema: FeedbackResponse, body: { text, route } }),
});

/** The help calls over the page's client (what the help modal uses; tests spy on it). */
export const helpApi = helpEndpoints();
