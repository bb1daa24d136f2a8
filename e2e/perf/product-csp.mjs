// The product's Content Security Policy for documents (api/src/platform/http/security-headers.ts with no
// remote origins), for the perf harnesses that serve a component alone: they must run under the
// same rules. WebAssembly is allowed by 'wasm-unsafe-eval' and nothing broader; there is no
// worker-src, so workers fall back to script-src, 'self' only (no blob:).
export const PRODUCT_CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self'",
  "connect-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');
