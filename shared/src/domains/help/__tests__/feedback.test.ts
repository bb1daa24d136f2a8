import { FEEDBACK_PROBLEM_EN, feedbackProblem, feedbackTextField, validateFeedback } from '../feedback-rule';
import { formSchema, VALIDATION_MESSAGES as M } from '@join/shared';

const OK = { valid: true };
const bad = (message: string) => ({ valid: false, message });

/** SPEC 5 written out, so a change to the shared list fails here. */
const FORBIDDEN = ['<', '>', '{', '}', '(', ')', '_', '*', '^', '#'];

describe('the feedback rule (one schema for the modal and the API)', () => {
  const schema = formSchema({ text: feedbackTextField() });
  const messageOf = (text: string) => {
    const r = schema.safeParse({ text });
    return r.success ? null : r.error.issues[0]?.message;
  };

  it('takes up to 50 characters as the visitor counts them, in any script', () => {
    expect(messageOf('x'.repeat(50))).toBeNull();
    expect(messageOf('ش'.repeat(50))).toBeNull();
    expect(messageOf('👍'.repeat(50))).toBeNull();
    expect(messageOf('x'.repeat(51))).toBe('use at most 50 characters (51 now)');
  });

  it.each(FORBIDDEN)('refuses %s and names it', (c) => {
    expect(feedbackProblem(`a ${c} b`)).toEqual({ kind: 'forbidden', chars: [c] });
    expect(messageOf(`a ${c} b`)).toContain(`leave out ${c}`);
  });

  it('names every forbidden character found, and wants some text', () => {
    expect(feedbackProblem('<b>(x)')).toEqual({ kind: 'forbidden', chars: ['<', '>', '(', ')'] });
    expect(feedbackProblem('   ')).toEqual({ kind: 'required' });
    expect(FEEDBACK_PROBLEM_EN({ kind: 'required' })).toBe('write a few words first');
  });

  it('agrees with validateFeedback (SPEC 5 catalogue) on what may be sent', () => {
    const samples = ['ok', 'x'.repeat(50), 'x'.repeat(51), ' ', '', 'fine: 10/10 & more!', ...FORBIDDEN.map((c) => `hi${c}`), 'شكرا جزيلا'];
    for (const s of samples) expect(feedbackProblem(s) === null).toBe(validateFeedback(s).valid);
  });

  it('reads a problem in the words it is given (the modal passes the visitor’s language)', () => {
    const ar = formSchema({ text: feedbackTextField((p) => (p.kind === 'forbidden' ? `احذف ${p.chars.join(' ')}` : 'خطأ')) });
    const r = ar.safeParse({ text: 'رائع #' });
    expect(r.success ? null : r.error.issues[0]?.message).toBe('احذف #');
  });
});

describe('validateFeedback (SPEC 5 catalogue messages)', () => {
  it('accepts up to 50 characters of plain text', () => {
    expect(validateFeedback('Great service, thanks!')).toEqual(OK);
    expect(validateFeedback('x'.repeat(50))).toEqual(OK);
    expect(validateFeedback('شكرا جزيلا')).toEqual(OK);
  });
  it('rejects more than 50 characters', () => {
    expect(validateFeedback('x'.repeat(51))).toEqual(bad(M.wrongValue));
  });
  it.each(['<', '>', '{', '}', '(', ')', '_', '*', '^', '#'])('rejects text with %s', (c) => {
    expect(validateFeedback(`nice ${c} app`)).toEqual(bad(M.wrongValue));
  });
  it('asks for a value when empty', () => {
    expect(validateFeedback('  ')).toEqual(bad(M.required));
  });
});
