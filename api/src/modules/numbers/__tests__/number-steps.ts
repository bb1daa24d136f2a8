import { form, type TestApp, type Visitor, withTestApp } from '../../../testing/harness';

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

/**
 * A fresh app before each test with two visitors logged in, Alice and Bob (handed to `onReady`),
 * and the number step's calls on it.
 */
export function withTwoVisitors(onReady: (t: TestApp, alice: Visitor, bob: Visitor) => void) {
  let current: TestApp | null = null;
  withTestApp(
    (app, [alice, bob]) => {
      current = app;
      if (!alice || !bob) throw new Error('two visitors were asked for');
      onReady(app, alice, bob);
    },
    { visitors: 2 },
  );
  return numberSteps(() => {
    if (!current) throw new Error('the app is not open');
    return current;
  });
}
