import { replaceAndLoad } from '../browser-location';

describe('replaceAndLoad (the retail wipe\'s landing)', () => {
  it('loads the page again at the new address, in place of the current entry, even when only the fragment differs', () => {
    const calls: string[] = [];
    const win = {
      history: { replaceState: (_s: unknown, _t: string, url?: string | URL | null) => void calls.push(`replaceState ${String(url)}`) },
      location: { reload: () => void calls.push('reload') },
    };
    replaceAndLoad('/#/retail', win);
    // A fragment navigation would keep the document (and a customer's state in memory): a load is asked for, after the address is replaced.
    expect(calls).toEqual(['replaceState /#/retail', 'reload']);
  });

  it('replaces the current entry in a real history, so Back does not return to the page left', () => {
    window.history.pushState(null, '', '/#/payment');
    const length = window.history.length;
    replaceAndLoad('/#/retail', { history: window.history, location: { reload: () => undefined } });
    expect(window.location.hash).toBe('#/retail');
    expect(window.history.length).toBe(length);
  });
});
