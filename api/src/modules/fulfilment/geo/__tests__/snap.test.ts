import type { Polygon } from 'geojson';
import { haversineKm, pointInArea, type LngLat } from '../geometry';
import { onLand, snapToLand } from '../snap';

/**
 * The snapping of a point in the water onto land, on a drawn island: a square
 * of about 2.2 km around (55.20, 25.10), a bay cut into its east side.
 */
const island: Polygon = {
  type: 'Polygon',
  coordinates: [
    [
      [55.19, 25.09],
      [55.21, 25.09],
      [55.21, 25.098],
      [55.205, 25.1],
      [55.21, 25.102],
      [55.21, 25.11],
      [55.19, 25.11],
      [55.19, 25.09],
    ],
  ],
};

/** A point in the water (checked) snapped onto the island (checked). */
function snapFromWater(sea: LngLat): LngLat {
  expect(onLand(sea, [island])).toBe(false);
  const p = snapToLand(sea, [island]);
  if (!p) throw new Error('no land point');
  expect(pointInArea(p, island)).toBe(true);
  return p;
}

describe('snapToLand', () => {
  it('answers a point on land as it is', () => {
    const p: LngLat = [55.2, 25.1];
    expect(snapToLand(p, [island])).toEqual(p);
  });

  it('moves a point off the west shore to the land nearest it, a few tens of metres inland', () => {
    const sea: LngLat = [55.18, 25.1];
    const p = snapFromWater(sea);
    // ~1 km to the shore at 55.19, then at most 250 m inland.
    expect(haversineKm(sea, p)).toBeGreaterThan(0.95);
    expect(haversineKm(sea, p)).toBeLessThan(1.3);
    expect(p[1]).toBeCloseTo(25.1, 3);
  });

  it('out of the bay, onto one of its shores', () => {
    const bay: LngLat = [55.208, 25.1];
    const p = snapFromWater(bay);
    expect(haversineKm(bay, p)).toBeLessThan(0.5);
  });

  it('to the nearest land point that `accept` takes (the delivery zone), past nearer land it refuses', () => {
    const sea: LngLat = [55.18, 25.1];
    // Only the island's north half is in the zone.
    const p = snapToLand(sea, [island], { accept: ([, lat]) => lat > 25.105 })!;
    expect(pointInArea(p, island)).toBe(true);
    expect(p[1]).toBeGreaterThan(25.105);
  });

  it('to the nearest land when no land point in reach is accepted', () => {
    const p = snapToLand([55.18, 25.1], [island], { accept: () => false })!;
    expect(pointInArea(p, island)).toBe(true);
    expect(p[1]).toBeCloseTo(25.1, 3);
  });

  it('null when no land is within reach', () => {
    expect(snapToLand([55.0, 25.1], [island], { maxKm: 5 })).toBeNull();
  });
});
