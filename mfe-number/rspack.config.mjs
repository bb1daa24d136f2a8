import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { createConfig } from '../tools/rspack-config.mjs';

const dir = path.dirname(fileURLToPath(import.meta.url));
export default createConfig({ dir, kind: 'remote', name: 'join_number', port: 3002, exposes: { './Step': './src/step.tsx' } });
