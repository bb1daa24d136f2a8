import type { Page, Route } from '@playwright/test';

/** Holds every request for `pattern` until the returned function is called (a slow script, a slow network). */
export async function holdBack(page: Page, pattern: string): Promise<() => void> {
  let release = () => undefined as void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route: Route) => {
    await released;
    await route.continue();
  });
  return release;
}
