import type { BusinessConfig } from '@join/shared/contract';

/** A note from the help modal (SPEC 2 and 5), with who sent it, from where, and when. */
export interface NewFeedback {
  uid: string;
  deviceId: string;
  text: string;
  /** The route the modal was open on, and its flow step (null outside the steps). */
  route: string;
  step: string | null;
  language: 'en' | 'ar';
  createdAt: number;
}

export interface FeedbackRecord extends NewFeedback {
  id: number;
}

/** Business configuration, translations and the help modal's feedback. */
export interface ContentRepository {
  // --- feedback (help modal): kept as sent, never changed ---
  addFeedback(feedback: NewFeedback): Promise<FeedbackRecord>;
  /** The user's feedback, newest first, at most `limit`. */
  listFeedback(uid: string, limit: number): Promise<FeedbackRecord[]>;

  // --- content and configuration ---
  getBusinessConfig(): Promise<BusinessConfig>;
  getTranslations(containerId: string, language: string): Promise<Record<string, string>>;

  /** Housekeeping, the retention schedule (flow/retention.ts): deletes feedback sent before `before`. */
  pruneFeedback(before: number): Promise<number>;
}
