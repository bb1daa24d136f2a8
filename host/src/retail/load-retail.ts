/**
 * The retail shell's one chunk (retail-shell: the header's Back and Home, the idle watch, the
 * dialogs, the wipe), loaded only on a shop device. One import() site keeps what a visitor's
 * first download carries for it to a single loader.
 */
export const loadRetailShell = () => import(/* webpackChunkName: "retail-shell" */ './retail-shell');
