import type { LightMyRequestResponse } from 'fastify';
import { API_ERROR_CODES, AreaResponse, MAP_DATA_PATHS, MapAttribution, PLACES_MIN_CHARS, PlacesResponse } from '@join/shared/contract';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { clientHeaders, createTestApp, newDeviceId, type TestApp, type Visitor } from '../../../testing/harness';
import { MAP_CACHE_CONTROL } from '../geo-routes';
import { pointInPolygon } from '../coverage';
import { haversineKm } from '../geo/geometry';
import { readMapData } from '../geo/map-data';
import { onLand } from '../geo/snap';
import { SEED_ZONES } from '../seed/delivery';

/**
 * The map data under /api/map and the gazetteer's two calls (api/README.md "Map data and
 * gazetteer"), on the built data (the test script builds it first).
 */
const expectError = (res: LightMyRequestResponse, status: number, code: number | string) =>
  expect({ status: res.statusCode, code: (res.json() as { code?: unknown }).code }).toEqual({ status, code });

let t: TestApp;
let v: Visitor;
beforeAll(async () => {
  t = await createTestApp({ rateLimit: { geoMax: 10_000 } });
  v = await t.login();
});
afterAll(() => t.close());

const map = (file: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: `/api${file}`, headers });

describe('GET /api/map/<file>', () => {
  it.each(Object.values(MAP_DATA_PATHS))('%s is served without a session, cacheable, with an ETag', async (file) => {
    const res = await map(file);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(file.endsWith('.geojson') ? /^application\/geo\+json/ : /^application\/json/);
    expect(res.headers['cache-control']).toBe(MAP_CACHE_CONTROL);
    expect(res.headers['etag']).toMatch(/^"[\w-]{22}"$/);
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    const body = res.json() as { type?: string };
    if (file.endsWith('.geojson')) expect(body.type).toBe('FeatureCollection');
    else expect(MapAttribution.safeParse(body).success).toBe(true);
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await map(MAP_DATA_PATHS.land);
    const again = await map(MAP_DATA_PATHS.land, { 'if-none-match': String(first.headers['etag']) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('sends the precompressed copy the client accepts, brotli first', async () => {
    const plain = await map(MAP_DATA_PATHS.land);
    const br = await map(MAP_DATA_PATHS.land, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
    const gz = await map(MAP_DATA_PATHS.land, { 'accept-encoding': 'gzip, br;q=0' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it.each([
    '/map/world.geojson',
    '/map/land.geojson.br',
    '/map/.inputs',
    '/map/..%2Fpackage.json',
    '/map/..%2F..%2Fpackage.json',
    '/map/%2E%2E%2Fgeo-cache',
    '/map/',
  ])('%s is not found', async (file) => {
    const res = await map(file);
    expect(res.statusCode).toBe(404);
  });
});

describe('GET /api/delivery/places', () => {
  const places = (query: string, who: Visitor = v) => t.get(who, `/api/delivery/places?${query}`);

  it('finds places by the start of their words, the exact name first', async () => {
    const res = await places('q=dubai&lang=en');
    expect(res.statusCode).toBe(200);
    const body = PlacesResponse.parse(res.json());
    expect(body.places[0]).toMatchObject({ id: 'ae-dubai', name: 'Dubai', emirate: 'DU' });
    expect(body.places.map((p) => p.name).slice(1).every((n) => n.startsWith('Dubai '))).toBe(true);
  });

  it('in Arabic, answering Arabic names where the data has them', async () => {
    const body = PlacesResponse.parse((await places(`q=${encodeURIComponent('الفجيرة')}&lang=ar`)).json());
    expect(body.places[0]).toMatchObject({ name: 'الفجيرة', emirate: 'FU' });
  });

  it('ignores accents and case', async () => {
    const body = PlacesResponse.parse((await places('q=HATTA')).json());
    expect(body.places.map((p) => p.id)).toEqual(['ae-hatta']);
  });

  it('Dubai Marina: the answer\'s point is on land inside the Dubai delivery zone (GeoNames puts it in the marina\'s water)', async () => {
    const body = PlacesResponse.parse((await places('q=dubai%20marina')).json());
    const marina = body.places.find((p) => p.id === 'ae-dubai-marina')!;
    const point: [number, number] = [marina.lng, marina.lat];
    const { area } = await readMapData();
    expect(onLand(point, area.uae.map((b) => b.area))).toBe(true);
    expect(pointInPolygon(marina, SEED_ZONES.find((z) => z.id === 'dubai')!.polygon)).toBe(true);
    // Still the marina: within half a kilometre of GeoNames' point (55.14646, 25.08525).
    expect(haversineKm(point, [55.14646, 25.08525])).toBeLessThan(0.5);
  });

  it('every place answered is on land', async () => {
    const { area } = await readMapData();
    const land = area.uae.map((b) => b.area);
    for (const q of ['dubai', 'business', 'jumeirah', 'palm', 'abu dhabi', 'sharjah', 'ajman', 'fujairah']) {
      for (const p of PlacesResponse.parse((await places(`q=${encodeURIComponent(q)}`)).json()).places) {
        expect({ id: p.id, onLand: onLand([p.lng, p.lat], land) }).toEqual({ id: p.id, onLand: true });
      }
    }
  });

  it('answers an empty list when nothing matches', async () => {
    expect((await places('q=zzzzzz')).json()).toEqual({ places: [] });
  });

  it.each([
    ['q=dub', 'query.q'],
    ['q=%20%20dub%20%20', 'query.q'],
    ['', 'query.q'],
    [`q=${'a'.repeat(81)}`, 'query.q'],
    ['q=dubai&lang=fr', 'query.lang'],
  ])('refuses %s with 400 naming %s', async (query, field) => {
    const res = await places(query);
    expectError(res, 400, API_ERROR_CODES.badRequest);
    expect(res.json()).toMatchObject({ field });
  });

  it(`says why a short query is refused: at least ${PLACES_MIN_CHARS} characters`, async () => {
    expect((await places('q=dub')).json()).toMatchObject({ message: expect.stringContaining(`at least ${PLACES_MIN_CHARS} characters`) });
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/delivery/places?q=dubai', headers: clientHeaders(newDeviceId()) });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/delivery/area', () => {
  const area = (query: string) => t.get(v, `/api/delivery/area?${query}`);
  const ok = async (query: string) => {
    const res = await area(query);
    expect(res.statusCode).toBe(200);
    return AreaResponse.parse(res.json());
  };

  it('Dubai Marina: inside, Dubai, a Dubai place', async () => {
    expect(await ok('lat=25.0805&lng=55.1403&lang=en')).toMatchObject({ inside_uae: true, emirate: 'DU', place: { name: 'Dubai Marina', emirate: 'DU' } });
  });

  it('says whether the point is on land: the marina\'s water is inside the UAE (near its coast) but not on land', async () => {
    expect(await ok('lat=25.08525&lng=55.14646')).toMatchObject({ inside_uae: true, on_land: false, emirate: 'DU' });
    expect(await ok('lat=25.0805&lng=55.1403')).toMatchObject({ on_land: true });
  });

  it('Abu Dhabi city: inside, Abu Dhabi, named in Arabic when asked', async () => {
    expect(await ok('lat=24.4539&lng=54.3773&lang=ar')).toMatchObject({ inside_uae: true, emirate: 'AZ', place: { name: 'أبوظبي' } });
  });

  it.each([
    ['the open sea', 'lat=25.9&lng=54.0'],
    ['Muscat (Oman)', 'lat=23.588&lng=58.383'],
    ['the Saudi desert', 'lat=22.9&lng=51.0'],
  ])('%s: outside the UAE', async (_name, query) => {
    expect(await ok(query)).toEqual({ inside_uae: false, on_land: false, emirate: null, place: null });
  });

  it.each([
    ['lat=91&lng=55', 'query.lat'],
    ['lat=25&lng=-181', 'query.lng'],
    ['lat=&lng=55', 'query.lat'],
    ['lat=0x19&lng=55', 'query.lat'],
    ['lat=2.5e1&lng=55', 'query.lat'],
    ['lat=abc&lng=55', 'query.lat'],
    ['lat=NaN&lng=55', 'query.lat'],
    ['lat=25&lat=26&lng=55', 'query.lat'],
    ['lng=55', 'query.lat'],
    ['lat=25', 'query.lng'],
    ['lat=25&lng=55&lang=fr', 'query.lang'],
  ])('refuses %s with 400 naming %s', async (query, field) => {
    const res = await area(query);
    expectError(res, 400, API_ERROR_CODES.badRequest);
    expect(res.json()).toMatchObject({ field });
  });
});

it('the places and area calls share one budget per address', async () => {
  const small = await createTestApp({ rateLimit: { geoMax: 2 } });
  const w = await small.login();
  expect((await small.get(w, '/api/delivery/places?q=dubai')).statusCode).toBe(200);
  expect((await small.get(w, '/api/delivery/area?lat=25.08&lng=55.14')).statusCode).toBe(200);
  expectError(await small.get(w, '/api/delivery/places?q=dubai'), 429, API_ERROR_CODES.rateLimited);
  await small.close();
});
