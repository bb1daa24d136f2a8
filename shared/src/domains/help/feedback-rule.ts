import { z } from 'zod';
import { invalidResult, VALID_RESULT, type ValidationResult } from '@join/shared';
import { FEEDBACK_FORBIDDEN_CHARS, FEEDBACK_MAX_LENGTH } from './constants';

/**
 * The feedback text of the help modal (SPEC 5: up to 50 characters, none of
 * < > { } ( ) _ * ^ #) as one zod schema that the modal's form and the API's POST /me/feedback
 * both parse with, so the browser and the server refuse exactly the same texts.
 *
 * It agrees with validateFeedback (below, which answers with the SPEC 5 catalogue message)
 * but says which problem it is, so the visitor reads what to change, in their language.
 */
export type FeedbackProblem =
  | { kind: 'required' }
  | { kind: 'tooLong'; length: number }
  | { kind: 'forbidden'; chars: string[] };

/** Characters counted as the visitor sees them (an emoji is one). */
export const feedbackLength = (text: string): number => Array.from(text).length;

/** SPEC 5 with its catalogue message: up to 50 characters (as the user sees them), none of < > { } ( ) _ * ^ #. */
export function validateFeedback(text: string): ValidationResult {
  if (text.trim() === '') return invalidResult('required');
  if (Array.from(text).length > FEEDBACK_MAX_LENGTH) return invalidResult('wrongValue');
  if (FEEDBACK_FORBIDDEN_CHARS.some((c) => text.includes(c))) return invalidResult('wrongValue');
  return VALID_RESULT;
}

/** The first problem of a feedback text, or null when it may be sent. */
export function feedbackProblem(text: string): FeedbackProblem | null {
  if (text.trim() === '') return { kind: 'required' };
  const found = FEEDBACK_FORBIDDEN_CHARS.filter((c) => text.includes(c));
  if (found.length > 0) return { kind: 'forbidden', chars: found };
  const length = feedbackLength(text);
  if (length > FEEDBACK_MAX_LENGTH) return { kind: 'tooLong', length };
  return null;
}

/** How a problem reads: English on the server (the 400's message), the visitor's language in the modal. */
export type FeedbackProblemText = (problem: FeedbackProblem) => string;

export const FEEDBACK_PROBLEM_EN: FeedbackProblemText = (p) => {
  switch (p.kind) {
    case 'required':
      return 'write a few words first';
    case 'tooLong':
      return `use at most ${FEEDBACK_MAX_LENGTH} characters (${p.length} now)`;
    case 'forbidden':
      return `leave out ${p.chars.join(' ')}: the characters < > { } ( ) _ * ^ # are not accepted`;
  }
};

/** The feedback text field: a string checked by feedbackProblem. */
export const feedbackTextField = (describe: FeedbackProblemText = FEEDBACK_PROBLEM_EN) =>
  z.string().superRefine((value, ctx) => {
    const problem = feedbackProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: describe(problem) });
  });
