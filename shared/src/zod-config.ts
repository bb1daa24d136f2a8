import { z } from 'zod';

/**
 * zod 4 compiles object parsers with `new Function` unless told not to; the product's CSP
 * forbids eval, so in the browser the probe alone is a CSP violation. Parse without JIT.
 * Imported first by the browser entry (index.ts); the Node server keeps the JIT.
 */
z.config({ jitless: true });
