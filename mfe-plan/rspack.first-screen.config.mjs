import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { createFirstScreenConfig } from '../tools/rspack-config.mjs';

// The plan step's part of the server's first screen (src/first-screen.server.tsx).
export default createFirstScreenConfig({ dir: path.dirname(fileURLToPath(import.meta.url)) });
