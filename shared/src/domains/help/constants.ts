/**
 * The help domain's constants (SPEC section 5): what a feedback text may hold.
 */
/** SPEC 5 feedback text: up to 50 characters, none of these. */
export const FEEDBACK_MAX_LENGTH = 50;
export const FEEDBACK_FORBIDDEN_CHARS = ['<', '>', '{', '}', '(', ')', '_', '*', '^', '#'] as const;
