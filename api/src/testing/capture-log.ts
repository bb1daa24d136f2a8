import { Writable } from 'node:stream';

/**
 * Test support: a stream to hand the app's logger, and every line written to it, so that a test
 * can search the whole log of what it did (for secrets or personal data that must not be there).
 */
export function captureLog(): { stream: Writable; lines: string[] } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  return { stream, lines };
}
