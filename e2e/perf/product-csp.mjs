// The product's security headers for documents with no remote origins (securityHeaders([]) of
// api/src/platform/http/security-headers.ts, read from the API's source through its tsx), for the
// perf harnesses that serve a component alone: they run under the same rules as in the product.
// WebAssembly is allowed by 'wasm-unsafe-eval' and nothing broader; there is no worker-src, so
// workers fall back to script-src, 'self' only (no blob:).
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const apiDir = path.join(here, '..', '..', 'api');
// tsx is the API's development dependency, not the e2e package's.
const tsxDir = path.dirname(createRequire(path.join(apiDir, 'package.json')).resolve('tsx/package.json'));
const { tsImport } = await import(pathToFileURL(path.join(tsxDir, 'dist', 'esm', 'api', 'index.mjs')).href);
const { securityHeaders } = await tsImport(pathToFileURL(path.join(apiDir, 'src', 'platform', 'http', 'security-headers.ts')).href, import.meta.url);

/** Every header the product sends on a document, by lower-case name. */
export const PRODUCT_HEADERS = Object.freeze(securityHeaders([]));
export const PRODUCT_CSP = PRODUCT_HEADERS['content-security-policy'];
