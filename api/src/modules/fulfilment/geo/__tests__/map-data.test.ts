import { readFileSync } from 'node:fs';
import path from 'node:path';
import { EmirateCode, MapAttribution, UAE_BOUNDS } from '@join/shared/contract';
import type { FeatureCollection, Point } from 'geojson';
import { areaAt, emirateAt, isInsideUaeLand } from '../area';
import { readMapData, type MapData } from '../map-data';
import { MAP_DATA_FILES, mapDataDir } from '../map-files';
import { searchPlaces } from '../gazetteer';

/**
 * The built map data (api/generated/geo; the test script builds it first) and the pin's area on
 * it: real OpenStreetMap land, Natural Earth emirates and GeoNames places.
 */
let data: MapData;
beforeAll(async () => {
  data = await readMapData();
});

const read = (name: string): unknown => JSON.parse(readFileSync(path.join(mapDataDir(), name), 'utf8'));

describe('the built files', () => {
  it('are the contract\'s four, small enough for a map interactive within 2 s', () => {
    expect([...MAP_DATA_FILES].sort()).toEqual(['attribution.json', 'emirates.geojson', 'land.geojson', 'places.geojson']);
    for (const name of MAP_DATA_FILES) {
      const brotli = readFileSync(path.join(mapDataDir(), `${name}.br`)).length;
      expect({ name, small: brotli < 64 * 1024 }).toEqual({ name, small: true });
    }
  });

  it('the emirates are the seven, named in English and Arabic', () => {
    const emirates = read('emirates.geojson') as FeatureCollection<never, { code: string; name_en: string; name_ar: string }>;
    expect(emirates.features.map((f) => f.properties.code).sort()).toEqual([...EmirateCode.options].sort());
    const dubai = emirates.features.find((f) => f.properties.code === 'DU');
    expect(dubai?.properties).toMatchObject({ name_en: 'Dubai', name_ar: 'دبي' });
  });

  it('the places are the UAE\'s, inside its box, each with an id, names, emirate and rank', () => {
    const places = read('places.geojson') as FeatureCollection<Point, { id: string; name_en: string; name_ar: string | null; emirate: string | null; rank: number }>;
    expect(places.features.length).toBeGreaterThanOrEqual(100);
    const [w, s, e, n] = UAE_BOUNDS;
    for (const f of places.features) {
      const [lng, lat] = f.geometry.coordinates as [number, number];
      expect({ id: f.properties.id, inBox: lng >= w && lng <= e && lat >= s && lat <= n }).toEqual({ id: f.properties.id, inBox: true });
    }
    expect(new Set(places.features.map((f) => f.properties.id)).size).toBe(places.features.length);
    expect(places.features.find((f) => f.properties.name_en === 'Dubai Marina')?.properties).toMatchObject({ emirate: 'DU', name_ar: 'دبي مارينا', rank: 2 });
    expect(places.features.find((f) => f.properties.name_en === 'Abu Dhabi')?.properties).toMatchObject({ emirate: 'AZ', name_ar: 'أبوظبي', rank: 1 });
  });

  it('every place is named in Arabic too: the map\'s labels orient a visitor in both languages', () => {
    const places = read('places.geojson') as FeatureCollection<Point, { id: string; name_ar: string | null }>;
    const unnamed = places.features.filter((f) => !f.properties.name_ar || !/^[\u0600-\u06FF0-9 ()]+$/.test(f.properties.name_ar)).map((f) => f.properties.id);
    expect(unnamed).toEqual([]);
    expect(places.features.find((f) => f.properties.id === 'ae-business-bay')?.properties.name_ar).toBe('الخليج التجاري');
  });

  it('the land has the UAE and its neighbours', () => {
    const land = read('land.geojson') as FeatureCollection<never, { iso2: string }>;
    expect(land.features.map((f) => f.properties.iso2)).toEqual(expect.arrayContaining(['AE', 'OM', 'SA', 'QA', 'IR']));
  });

  it('the attribution names OpenStreetMap, Natural Earth and GeoNames with their licences', () => {
    const attribution = MapAttribution.parse(read('attribution.json'));
    expect(attribution.html).toMatch(/OpenStreetMap contributors/);
    expect(attribution.sources.map((s) => s.licence)).toEqual(['ODbL 1.0', 'Public domain', 'CC BY 4.0']);
  });
});

describe('the pin\'s area', () => {
  const P = {
    dubaiMarina: [25.0805, 55.1403],
    atlantisThePalm: [25.1304, 55.1171],
    abuDhabi: [24.4539, 54.3773],
    alAin: [24.2075, 55.7447],
    sharjah: [25.3463, 55.4209],
    fujairah: [25.1288, 56.3265],
    rasAlKhaimah: [25.7895, 55.9432],
    // Across the border from Al Ain.
    buraimi: [24.2508, 55.7931],
    muscat: [23.588, 58.383],
    // Saudi Arabia, south-west of the UAE.
    saudiDesert: [22.9, 51.0],
    khasab: [26.18, 56.25],
    doha: [25.2854, 51.531],
    // The Gulf, 40 km off Abu Dhabi's coast with no island near.
    openSea: [25.9, 54.0],
  } as const;
  const at = ([lat, lng]: readonly [number, number], lang: 'en' | 'ar' = 'en') => areaAt(data.area, lat, lng, lang);

  it('Dubai Marina is in Dubai, named by a Dubai place', () => {
    const r = at(P.dubaiMarina);
    expect(r).toMatchObject({ inside_uae: true, emirate: 'DU', place: { name: 'Dubai Marina', emirate: 'DU' } });
  });

  it('Abu Dhabi city is in Abu Dhabi, its name in Arabic when asked', () => {
    expect(at(P.abuDhabi)).toMatchObject({ inside_uae: true, emirate: 'AZ', place: { id: 'ae-abu-dhabi', name: 'Abu Dhabi' } });
    expect(at(P.abuDhabi, 'ar').place?.name).toBe('أبوظبي');
  });

  it.each([
    ['Al Ain', P.alAin, 'AZ'],
    ['Sharjah', P.sharjah, 'SH'],
    ['Fujairah', P.fujairah, 'FU'],
    ['Ras Al Khaimah', P.rasAlKhaimah, 'RK'],
    // Reclaimed land Natural Earth's emirate outline lacks: the nearest emirate.
    ['Atlantis on the Palm Jumeirah', P.atlantisThePalm, 'DU'],
  ] as const)('%s is in %s', (_name, point, emirate) => {
    expect(at(point)).toMatchObject({ inside_uae: true, emirate });
  });

  it.each([
    ['Buraimi (Oman), across the street from Al Ain', P.buraimi],
    ['Muscat', P.muscat],
    ['the Saudi desert', P.saudiDesert],
    ['Khasab (Musandam, Oman)', P.khasab],
    ['Doha', P.doha],
    ['the open sea', P.openSea],
    ['the far side of the world', [-25.2, -124.7]],
  ] as const)('%s is outside the UAE: no emirate, no place', (_name, point) => {
    expect(at(point)).toEqual({ inside_uae: false, on_land: false, emirate: null, place: null });
  });

  it('allows a small margin off the coast, and no more', () => {
    // Off Ajman's beach: 0.8 km out (a boat, a pier), then 4.8 km out.
    expect(isInsideUaeLand(data.area, [55.43, 25.42])).toBe(true);
    expect(isInsideUaeLand(data.area, [55.4, 25.45])).toBe(false);
    expect(emirateAt(data.area, [54.0, 25.9])).toBeNull();
  });

  it('every place of the gazetteer is inside the UAE, in its own emirate, and names its own spot', () => {
    for (const p of data.area.places) {
      const r = areaAt(data.area, p.lat, p.lng, 'en');
      expect({ id: p.id, inside: r.inside_uae, place: r.place?.id }).toEqual({ id: p.id, inside: true, place: p.id });
    }
    const agree = data.area.places.filter((p) => areaAt(data.area, p.lat, p.lng, 'en').emirate === p.emirate);
    // GeoNames' admin1 and Natural Earth's outlines (about 1 km, without the small inland
    // exclaves) disagree on 6 of 104 today: Masfout and Al Manama (Ajman's exclaves), Adh Dhayd,
    // Murbah, Tarif Kalba, Al Faqaa, all on a border (api/README.md).
    expect(agree.length / data.area.places.length).toBeGreaterThan(0.9);
  });

  it('the search finds the built places in English and Arabic', () => {
    expect(searchPlaces(data.index, 'dubai mar', 'en')[0]).toMatchObject({ name: 'Dubai Marina', emirate: 'DU' });
    expect(searchPlaces(data.index, 'ابوظبي', 'ar')[0]).toMatchObject({ name: 'أبوظبي', emirate: 'AZ' });
    expect(searchPlaces(data.index, 'hatta', 'en')[0]).toMatchObject({ name: 'Ḩattā', emirate: 'DU' });
  });
});
