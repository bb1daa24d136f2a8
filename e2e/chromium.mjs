// How every Chromium of the e2e package starts: the Playwright walks (playwright.config.ts, the
// camera specs' browsers in tests/pages/identity-step.ts) and the perf scripts (perf/). Debian's
// Chromium, no sandbox (containers), no GPU, nothing of its own on the network (updates, sync,
// QUIC), so what is measured and seen is the product's traffic alone.

/** Debian's Chromium, or the one CHROMIUM_PATH names. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = Object.freeze([
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
]);

/** A camera that plays this MJPEG file (an absolute path), with the permission prompt answered yes. */
export function fakeCameraArgs(file) {
  return ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${file}`];
}
