/**
 * The delivery domain's constants: the address map's zoom and press timings.
 */
export const MAP_DEFAULT_ZOOM = 10;
export const MAP_LONG_PRESS_MS = 500;
export const MAP_CLICK_MS = 300;
