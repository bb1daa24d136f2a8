import { form, type TestApp, type Visitor } from '../../../testing/harness';

/**
 * The number step's calls as the numbers tests make them, on the app `app()` answers when called:
 * offer free numbers, hold one, give it back.
 */
export function numberSteps(app: () => TestApp) {
  return {
    offer: (v: Visitor, count = 1) => app().offer(v, count),
    reserve: (v: Visitor, number: string) => app().post(v, '/api/numbers', { number }),
    cancel: (v: Visitor, number: string) => app().app.inject({ method: 'DELETE', url: '/api/numbers', ...form(v.headers, { number }) }),
  };
}
