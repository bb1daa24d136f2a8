import { useEffect, useState } from 'react';
import type { FacePrompt, Feedback } from './geometry';
import type { Phase } from './scan-types';

/** A failure as the scan explains it: its text key (identity.face.<key>.title/text). */
export type Failure = 'denied' | 'cameraMissing' | 'busy' | 'unsupported' | 'modelFailed';

/** A spoken instruction waits this long unchanged before it is announced (no chatter). */
export const ANNOUNCE_AFTER_MS = 700;
/**
 * Once announced, the spoken copy leaves the page after this long: the instruction is
 * on screen once (the visible line is hidden from assistive technology, the live region speaks),
 * not twice for anyone reading the page's text. Screen readers take the words when they appear.
 */
export const ANNOUNCE_CLEAR_MS = 1500;

/** The key of what the visitor should do now (shown, and announced once it settles). */
export function instructionKey(
  phase: Phase,
  failure: Failure | null,
  cameraOn: boolean,
  modelReady: boolean,
  feedback: Feedback | null,
  prompt: FacePrompt | null,
): string | null {
  if (failure) return null;
  switch (phase) {
    case 'starting':
      return !cameraOn ? 'identity.face.startingCamera' : !modelReady ? 'identity.face.loadingModel' : 'identity.face.startingCamera';
    case 'positioning':
      return feedback ? `identity.face.feedback.${feedback}` : 'identity.face.loadingModel';
    case 'challenge':
      if (feedback !== 'good') return `identity.face.feedback.${feedback ?? 'no-face'}`;
      return prompt ? `identity.face.prompt.${prompt}` : 'identity.face.challengeLoading';
    case 'sending':
      return 'identity.face.sending';
    case 'sent':
      return 'identity.face.sent';
  }
}

/**
 * The live region's words: the value once it has stayed the same for `settleMs` (changes are
 * said, not every frame), then nothing again after `clearMs` (said once, not left as a second
 * copy of the visible line).
 */
export function useAnnounced(value: string, settleMs: number, clearMs: number): string {
  const [message, setMessage] = useState('');
  useEffect(() => {
    let clear: ReturnType<typeof setTimeout> | undefined;
    const say = setTimeout(() => {
      setMessage(value);
      clear = setTimeout(() => setMessage(''), clearMs);
    }, settleMs);
    return () => {
      clearTimeout(say);
      if (clear !== undefined) clearTimeout(clear);
    };
  }, [value, settleMs, clearMs]);
  return message;
}
