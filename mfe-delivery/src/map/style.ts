import type { StyleSpecification } from 'maplibre-gl';
import { MAP_DATA_PATHS } from '@join/shared/delivery';

/** The map's colours: DESIGN.md's tokens, read from the page (tokens.css) with the same values as fallbacks. */
export function mapColors(): { sea: string; land: string; border: string; label: string; halo: string } {
  const css = typeof window === 'undefined' ? null : window.getComputedStyle(document.documentElement);
  const token = (name: string, fallback: string) => css?.getPropertyValue(name).trim() || fallback;
  return {
    sea: token('--c-info-soft', '#e8f0fe'),
    land: token('--c-surface', '#f7f5fa'),
    border: token('--c-border-strong', '#8c8496'),
    label: token('--c-text', '#1c1b1f'),
    halo: token('--c-bg', '#ffffff'),
  };
}

/** The map data's address under the API (the kernel client's base, /api), absolute for the map's worker. */
export const mapDataUrl = (path: string): string => new URL(`/api${path}`, window.location.href).href;

/**
 * The map's style, built here (no style server): sea, land, the emirates' borders and the places'
 * names in the page's language (name_ar in Arabic where the data has it, else name_en). No
 * `glyphs`: labels are drawn with the device's own fonts (TOOLCHAIN.md), so Arabic is shaped
 * by MapLibre itself and nothing is fetched from a font server.
 */
export function buildStyle(language: 'en' | 'ar', colors = mapColors()): StyleSpecification {
  const name = language === 'ar' ? ['coalesce', ['get', 'name_ar'], ['get', 'name_en']] : ['get', 'name_en'];
  return {
    version: 8,
    sources: {
      land: { type: 'geojson', data: mapDataUrl(MAP_DATA_PATHS.land) },
      emirates: { type: 'geojson', data: mapDataUrl(MAP_DATA_PATHS.emirates) },
      places: { type: 'geojson', data: mapDataUrl(MAP_DATA_PATHS.places) },
    },
    layers: [
      { id: 'sea', type: 'background', paint: { 'background-color': colors.sea } },
      { id: 'land', type: 'fill', source: 'land', paint: { 'fill-color': colors.land } },
      { id: 'emirate-borders', type: 'line', source: 'emirates', paint: { 'line-color': colors.border, 'line-width': 1.2, 'line-dasharray': [3, 2] } },
      {
        id: 'place-labels',
        type: 'symbol',
        source: 'places',
        // Bigger places first when labels collide (rank 1 is the largest).
        layout: {
          'text-field': name as never,
          'text-font': ['Noto Sans Arabic', 'Segoe UI', 'sans-serif'],
          'text-size': ['interpolate', ['linear'], ['zoom'], 7, 11, 12, 14],
          'symbol-sort-key': ['coalesce', ['get', 'rank'], 99],
          'text-max-width': 8,
        },
        paint: { 'text-color': colors.label, 'text-halo-color': colors.halo, 'text-halo-width': 1.5 },
      },
    ],
  };
}
