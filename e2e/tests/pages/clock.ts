import { expect, type Page } from '@playwright/test';

/**
 * Time passing, made by the test (e2e/README.md "Clocks the tests control"). The clock project's
 * server runs with JOIN_TEST_HOOKS: POST /dev/clock moves the API's own clock on, so holds, codes
 * and resend waits end exactly as if that much time had passed. The page's clock is Playwright's
 * (installed before the page loads): fastForward runs the page's timers (countdowns, warnings) at
 * once. Both move together, the server first, so that whatever the page asks when its timers fire
 * is answered by a server that agrees on the time.
 *
 * Only the clock project's server is moved (playwright.config.ts: one worker, so no other test is
 * on it while it moves).
 */
export async function advanceTime(page: Page, ms: number): Promise<void> {
  const moved = await page.request.post('/dev/clock', { data: { advance_ms: ms } });
  expect(moved.status(), await moved.text()).toBe(200);
  await page.clock.fastForward(ms);
}

/** mm:ss of a countdown, in seconds. */
export function seconds(countdown: string | null): number {
  const match = /^(\d+):(\d{2})$/.exec((countdown ?? '').trim());
  if (!match) throw new Error(`not a countdown: "${countdown}"`);
  return Number(match[1]) * 60 + Number(match[2]);
}
