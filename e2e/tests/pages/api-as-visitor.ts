import type { APIRequestContext, Page } from '@playwright/test';

/** The SPEC 7 headers of a device (and its session), for calls the tests make as another visitor. */
export const apiHeaders = (deviceId: string, sessionId?: string) => ({
  'api-version': 'v34',
  language: 'en',
  channel: 'Web',
  'device-os': 'web',
  'device-id': deviceId,
  ...(sessionId ? { 'session-id': sessionId } : {}),
});

/** Calls the API with the same session the page holds, to check what the server knows. */
export async function apiAsVisitor(page: Page, request: APIRequestContext, origin = '') {
  const stored = await page.evaluate(() => localStorage.getItem('join.session.v1'));
  const s = JSON.parse(stored ?? '{}') as { deviceId: string; sessionId: string };
  const headers = {
    'api-version': 'v34',
    language: 'en',
    channel: 'Web',
    'device-os': 'web',
    'device-id': s.deviceId,
    'session-id': s.sessionId,
  };
  return {
    session: s,
    get: async <T>(path: string): Promise<T> => {
      const res = await request.get(`${origin}/api${path}`, { headers });
      if (!res.ok()) throw new Error(`GET ${path}: ${res.status()} ${await res.text()}`);
      return (await res.json()) as T;
    },
  };
}
