/** Leaving the app and reloading it, in one place so tests can watch them (jsdom cannot navigate). */
export const browserLocation = {
  assign: (url: string): void => window.location.assign(url),
  /** Leaves without a history entry: Back does not return to the page left (the retail wipe). */
  replace: (url: string): void => window.location.replace(url),
  reload: (): void => window.location.reload(),
};
