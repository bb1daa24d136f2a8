import type { FacePrompt } from './geometry';

/** The server's live challenge (POST /identity/face/challenge): its nonce and the prompt to follow. */
export interface FaceChallenge {
  nonce: string;
  prompt: FacePrompt;
}

/** What the scan hands over: the challenge's nonce and the frames, the first before the movement, the last after it. */
export interface FaceCapture {
  nonce: string;
  frames: Blob[];
}

/**
 * starting: camera and model on their way; positioning: live feedback until the face is well
 * placed; challenge: the server's prompt (asked for first), followed; sending: the frames are with
 * onCapture; sent: done (the camera is off; "Try again" starts over, with a new challenge).
 */
export type Phase = 'starting' | 'positioning' | 'challenge' | 'sending' | 'sent';
