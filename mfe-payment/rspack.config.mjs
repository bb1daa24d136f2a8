import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { createRemoteConfig } from '../tools/rspack-config.mjs';

// Container name and dev port: this folder's entry in the module registry (shared/src/modules/registry.json).
export default createRemoteConfig({ dir: path.dirname(fileURLToPath(import.meta.url)) });
