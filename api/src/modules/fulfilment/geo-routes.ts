import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AreaQuery, AreaResponse, PlacesQuery, PlacesResponse } from '@join/shared/contract';
import type { FulfilmentDeps } from './deps';
import { areaAt } from './geo/area';
import { pointInPolygon } from './coverage';
import { searchPlaces } from './geo/gazetteer';
import { snapToLand } from './geo/snap';
import { mapData } from './geo/map-data';
import { MAP_DATA_FILES, mapDataDir } from './geo/map-files';
import { notFound, unavailable } from '../../platform/refusals';
import { rateLimitHook } from '../../platform/http/rate-limits';

/**
 * The map's data and the gazetteer (api/README.md "Map data and gazetteer").
 * - mapFileRoutes, open (the map draws before anything else and the data is public):
 *   GET /api/map/<file>, exactly the files of MAP_DATA_PATHS, built into api/generated/geo;
 * - geoRoutes, in the session ring with one budget: GET /api/delivery/places and /delivery/area.
 */

/** The files change only with a build: an hour fresh, then a day served while revalidated by ETag. */
export const MAP_CACHE_CONTROL = 'public, max-age=3600, stale-while-revalidate=86400';

interface MapFile {
  type: string;
  etag: string;
  identity: Buffer;
  br: Buffer | null;
  gzip: Buffer | null;
}

const files = new Map<string, Promise<MapFile>>();

async function optional(file: string): Promise<Buffer | null> {
  try {
    return await readFile(file);
  } catch {
    return null;
  }
}

/** The data is built before the server starts (the api's build); without it the map calls answer 503 and say why. */
const NOT_BUILT = 'The map data is not built (pnpm --filter @join/api run build:geo)';

async function loadFile(dir: string, name: string): Promise<MapFile> {
  const full = path.join(dir, name);
  const identity = await optional(full);
  if (!identity) throw unavailable(NOT_BUILT);
  return {
    type: name.endsWith('.geojson') ? 'application/geo+json' : 'application/json; charset=utf-8',
    etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 22)}"`,
    identity,
    br: await optional(`${full}.br`),
    gzip: await optional(`${full}.gz`),
  };
}

/** Read once, kept (the build writes them before the server starts); a failed read is not kept. */
function mapFile(name: string): Promise<MapFile> {
  const dir = mapDataDir();
  const key = `${dir}\0${name}`;
  let file = files.get(key);
  if (!file) {
    file = loadFile(dir, name).catch((err: unknown) => {
      files.delete(key);
      throw err;
    });
    files.set(key, file);
  }
  return file;
}

/** The encodings the client accepts (q=0 refuses one). */
function accepts(request: FastifyRequest, encoding: string): boolean {
  const header = request.headers['accept-encoding'];
  if (typeof header !== 'string') return false;
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().split(';');
    if (name?.trim().toLowerCase() !== encoding) return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  });
}

function etagMatches(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (typeof header !== 'string') return false;
  return header.trim() === '*' || header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}

/** GET /map/:file names one file; which names exist is the handler's check (a 404, not a 400). */
const MapFileParams = z.object({ file: z.string() });

export async function mapFileRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get('/map/:file', { schema: { params: MapFileParams } }, async (request, reply) => {
    const name = request.params.file;
    // Only the built files, by exact name: nothing else in the folder, no path.
    if (!MAP_DATA_FILES.includes(name)) throw notFound('No such map file');
    const file = await mapFile(name);
    reply.header('cache-control', MAP_CACHE_CONTROL).header('etag', file.etag).header('vary', 'accept-encoding');
    if (etagMatches(request, file.etag)) return reply.code(304).send();
    reply.type(file.type);
    if (file.br && accepts(request, 'br')) return reply.header('content-encoding', 'br').send(file.br);
    if (file.gzip && accepts(request, 'gzip')) return reply.header('content-encoding', 'gzip').send(file.gzip);
    return reply.send(file.identity);
  });
}

/**
 * The contract's coordinates are coerced numbers, for which "" is 0 and "0x19" is 25: the server
 * first wants each as plain decimal degrees (what the page writes), one of each.
 */
const DECIMAL_DEGREES = /^-?\d{1,3}(\.\d{1,17})?$/;
const degrees = (schema: z.ZodType<number, string>) => z.string().regex(DECIMAL_DEGREES, 'must be decimal degrees, like 25.2048').pipe(schema);
const ServerAreaQuery = AreaQuery.extend({ lat: degrees(z.coerce.number<string>().min(-90).max(90)), lng: degrees(z.coerce.number<string>().min(-180).max(180)) });

async function loadedMapData(request: FastifyRequest) {
  try {
    return await mapData();
  } catch (err) {
    request.log.error({ err }, 'map data unreadable');
    throw unavailable(NOT_BUILT);
  }
}

export async function geoRoutes(base: FastifyInstance, ctx: FulfilmentDeps): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const budget = rateLimitHook(app, 'geo', ctx.rateLimit.geoMax, ctx.rateLimit.windowMs);

  app.get('/delivery/places', { schema: { querystring: PlacesQuery, response: { 200: PlacesResponse } }, onRequest: budget }, async (request) => {
    const { q, lang } = request.query;
    const { index, area } = await loadedMapData(request);
    const zones = await ctx.repos.listDeliveryZones();
    const land = area.uae.map((b) => b.area);
    const inZone = ([lng, lat]: [number, number]) => zones.some((z) => pointInPolygon({ lat, lng }, z.polygon));
    // A place whose point is in the water (GeoNames' coastal districts often are) is answered at
    // the nearest land point inside a delivery zone (else the nearest land): the pin goes on land.
    return {
      places: searchPlaces(index, q, lang).map((p) => {
        const at = snapToLand([p.lng, p.lat], land, { accept: inZone });
        return at ? { ...p, lng: at[0], lat: at[1] } : p;
      }),
    };
  });

  app.get('/delivery/area', { schema: { querystring: ServerAreaQuery, response: { 200: AreaResponse } }, onRequest: budget }, async (request) => {
    const { lat, lng, lang } = request.query;
    const { area } = await loadedMapData(request);
    // The point is neither stored nor logged.
    return areaAt(area, lat, lng, lang);
  });
}
