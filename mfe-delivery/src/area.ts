import type { AreaResponse } from '@join/shared/delivery';

/** The pin's area as the visitor reads it: "Dubai Marina, Dubai", the emirate alone, or null outside the UAE. */
/** Between a place and its emirate: the Arabic comma when the emirate is named in Arabic. */
export function areaSeparator(emirate: string): string {
  return /[\u0600-\u06FF]/.test(emirate) ? '، ' : ', ';
}

/** The read-only maps (details, thank-you): close enough to see the streets' area, far enough to see where it is. */
export const READONLY_ZOOM = 13;

export function areaName(area: AreaResponse, t: (key: string) => string): string | null {
  if (!area.inside_uae) return null;
  const emirate = area.emirate ? t(`delivery.emirate.${area.emirate}`) : null;
  if (area.place) return emirate && area.place.name !== emirate ? `${area.place.name}${areaSeparator(emirate)}${emirate}` : area.place.name;
  return emirate;
}
