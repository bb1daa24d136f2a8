/**
 * @jest-environment node
 */
import { EN } from '../../i18n/en';
import { ROUTES } from '../steps';
import { routeTitleKey } from '../titles';

describe('route titles (WCAG 2.4.2)', () => {
  const routes = Object.values(ROUTES).filter((r) => r !== ROUTES.root);

  it('gives every route a title of its own text, never just the product name', () => {
    for (const r of routes) {
      const key = routeTitleKey(r);
      expect([r, key in EN]).toEqual([r, true]);
      expect([r, key]).not.toEqual([r, 'app.title']);
    }
  });

  it('tells a step page from its sub-pages, and the exception routes apart', () => {
    expect(EN[routeTitleKey('/number') as keyof typeof EN]).toBe('Choose your number');
    expect(EN[routeTitleKey('/number/confirmation') as keyof typeof EN]).toBe('Confirm your number');
    expect(EN[routeTitleKey('/spotii-success?order=1') as keyof typeof EN]).toBe('Your instalment payment');
    expect(EN[routeTitleKey('/contract-request') as keyof typeof EN]).toBe('Your contract');
    // Distinct sub-page titles: only the two BNPL returns (one screen) and the two instalment routes share one.
    const subPages = routes.filter((r) => routeTitleKey(r).startsWith('title.'));
    expect(new Set(subPages.map(routeTitleKey)).size).toBe(subPages.length - 2);
  });
});
