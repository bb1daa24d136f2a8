import type { AreaResponse } from '@join/shared/delivery';

/** The pin's area as the visitor reads it: "Dubai Marina, Dubai", the emirate alone, or null outside the UAE. */
export function areaName(area: AreaResponse, t: (key: string) => string): string | null {
  if (!area.inside_uae) return null;
  const emirate = area.emirate ? t(`delivery.emirate.${area.emirate}`) : null;
  if (area.place) return emirate && area.place.name !== emirate ? `${area.place.name}, ${emirate}` : area.place.name;
  return emirate;
}
