import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { createConfig } from '../tools/rspack-config.mjs';

const dir = path.dirname(fileURLToPath(import.meta.url));
// The host builds with no remotes: it reads /remotes.json at run time (src/federation).
export default createConfig({ dir, kind: 'host', name: 'join_host', port: 3000 });
