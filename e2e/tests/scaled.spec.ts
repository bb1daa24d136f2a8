import { expect, test } from '@playwright/test';
import { PORTS, SCALED_INSTANCES } from '../playwright.config';

/**
 * The scaled run (E2E_SCALED=1, e2e/README.md "The scaled run") walks the same specs against the
 * product scaled out: this says it really is, so a scaled run that quietly served one process
 * cannot pass. The ordinary run does not include it (playwright.config.ts SCALED_SPECS).
 */

test('the main and shared servers are HAProxy over every API instance, and a page comes through it', async ({ request, page }) => {
  for (const port of [PORTS.main, PORTS.shared]) {
    const answeredBy = new Set<string>();
    for (let i = 0; i < SCALED_INSTANCES * 5; i += 1) {
      const answer = await request.get(`http://127.0.0.1:${port}/health/ready`);
      expect(answer.status()).toBe(200);
      answeredBy.add(answer.headers()['x-join-instance'] ?? '(none)');
    }
    // Round robin: every instance answered, each by its own name.
    expect([...answeredBy].sort(), `the instances behind port ${port}`).toEqual(Array.from({ length: SCALED_INSTANCES }, (_, i) => `api-${i + 1}`));
  }

  // A page load spreads its requests over the instances too.
  const instances = new Set<string>();
  page.on('response', (response) => {
    const instance = response.headers()['x-join-instance'];
    if (instance && new URL(response.url()).pathname.startsWith('/api/')) instances.add(instance);
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Choose your plan' })).toBeVisible();
  await expect.poll(() => instances.size).toBeGreaterThan(1);
});
