/** `pnpm --filter @join/api run build:geo [-- --force]`: builds api/generated/geo (build-map-data.ts). */
import { buildMapData } from './build-map-data';

buildMapData({ force: process.argv.includes('--force') });
