import { readFileSync } from 'node:fs';
import { liveFeedFrames, type FacePrompt } from '@join/fixtures/face-frames';
import { fixture } from './fixtures';

export type { FacePrompt };

/**
 * Frames for the face challenge taken from a camera feed of e2e/fixtures/identity, the
 * same frames Chromium's fake camera plays to the page: a prepared visitor answers the server's
 * prompt as the page would, with three frames that follow it (the first before the movement, the
 * last after it), and nothing the page would not send. Which frames of the 48-frame live feed
 * follow each prompt is @join/fixtures/face-frames' FRAMES_FOR (the API's identity tests check the
 * same table against the sandbox).
 */
export function framesFor(feed: string, prompt: FacePrompt): Buffer[] {
  return liveFeedFrames(readFileSync(fixture(feed)), prompt, feed);
}
