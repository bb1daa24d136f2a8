/** Leaving the app and reloading it, in one place so tests can watch them (jsdom cannot navigate). */
export const browserLocation = {
  assign: (url: string): void => window.location.assign(url),
  /**
   * Leaves for `url` (same origin) with a full load and without a history entry: Back does not
   * return to the page left, and nothing in memory survives (the retail wipe). See replaceAndLoad.
   */
  replace: (url: string): void => replaceAndLoad(url),
  reload: (): void => window.location.reload(),
};

/**
 * `location.replace` alone is not a load when only the fragment changes (`/#/payment` to
 * `/#/retail` is a fragment navigation: the same document goes on, with every module's state in
 * memory). So the entry's address is replaced first (no hashchange: the router does not move),
 * then the page is loaded again at it.
 */
export function replaceAndLoad(url: string, win: { history: Pick<History, 'replaceState'>; location: Pick<Location, 'reload'> } = window): void {
  win.history.replaceState(null, '', url);
  win.location.reload();
}
