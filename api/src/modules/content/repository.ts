import type { AppStore, BusinessConfig } from '@join/shared/contract';

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

/** The app's listing in one store (SPEC 2's smart banner): kept by the operator, never fetched from the store. */
export interface AppListing {
  store: AppStore;
  nameEn: string;
  nameAr: string;
  /** Out of 5. */
  rating: number;
  /** How many ratings `rating` is of. */
  count: number;
  /** The listing's https address. */
  url: string;
}

/** Business configuration, the app's store listings, translations and the help modal's feedback. */
export interface ContentRepository {
  // --- feedback (help modal): kept as sent, never changed ---
  addFeedback(feedback: NewFeedback): Promise<FeedbackRecord>;
  /** The user's feedback, newest first, at most `limit`. */
  listFeedback(uid: string, limit: number): Promise<FeedbackRecord[]>;

  // --- content and configuration ---
  /** The stored config, its smart_banner_apps_rating built from the app's listings (both stores, or none). */
  getBusinessConfig(): Promise<BusinessConfig>;
  /** The app's store listings in the operator's order (the banner's). */
  getAppListings(): Promise<AppListing[]>;
  getTranslations(containerId: string, language: string): Promise<Record<string, string>>;

  /** Housekeeping, the retention schedule (flow/retention.ts): deletes feedback sent before `before`. */
  pruneFeedback(before: number): Promise<number>;
}
