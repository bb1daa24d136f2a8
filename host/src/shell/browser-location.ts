/** Leaving the app and reloading it, in one place so tests can watch them (jsdom cannot navigate). */
export const browserLocation = {
  assign: (url: string): void => window.location.assign(url),
  reload: (): void => window.location.reload(),
};
