/**
 * The stylesheet of the courier's and the eSIM service's pages (served by each as
 * /assets/sandbox.css), a string because the API ships as one bundle. Colours meet WCAG 2.2 AA on
 * white (text #1f2328 15.8:1, muted #57606a 6.2:1, primary and focus #0b57d0 6.4:1 (white on it
 * too), error #b3261e 6.5:1, success #116329 7.2:1); buttons and fields are at least 44 px high;
 * layout uses logical properties so the Arabic pages mirror.
 */
export const FULFILMENT_CSS = `*,*::before,*::after{box-sizing:border-box}
html{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Noto Sans Arabic",Arial,sans-serif;font-size:100%;line-height:1.5;color:#1f2328;background:#f1f3f4}
body{margin:0;padding:1rem;display:flex;flex-direction:column;align-items:center}
.top,main{inline-size:100%;max-inline-size:56rem}
.top{display:flex;align-items:center;justify-content:space-between;gap:1rem;margin-block-end:.75rem}
.brand{margin:0;font-weight:700}
.lang,.refresh{display:inline-flex;align-items:center;min-block-size:2.75rem;min-inline-size:2.75rem;padding:0 .75rem;color:#0b57d0;font-weight:600}
main{background:#fff;border:1px solid #c4c7c5;border-radius:.75rem;padding:1.5rem}
h1{font-size:1.5rem;line-height:1.3;margin:0 0 .75rem}
h2{font-size:1.125rem;margin:1.25rem 0 .5rem}
p{margin:.5rem 0}
.note{font-size:.875rem;color:#57606a;border-inline-start:4px solid #0b57d0;padding-inline-start:.75rem}
.table-wrap{overflow-x:auto}
table{border-collapse:collapse;inline-size:100%;margin-block:.75rem}
caption{text-align:start;font-weight:600;padding-block-end:.5rem}
th,td{text-align:start;padding:.5rem;border-block-end:1px solid #c4c7c5;vertical-align:top}
th{color:#57606a;font-weight:600}
.mono{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;overflow-wrap:anywhere}
.status{font-weight:600}
.status.failed,.status.expired,.status.rejected{color:#b3261e}
.status.delivered,.status.collected,.status.installed{color:#116329}
.field{margin:.75rem 0}
label{display:block;font-weight:600}
.hint{margin:0;font-size:.875rem;color:#57606a}
textarea{font:inherit;font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;inline-size:100%;min-block-size:5.5rem;padding:.5rem .75rem;border:1px solid #747775;border-radius:.375rem;color:#1f2328;background:#fff}
textarea[aria-invalid="true"]{border-color:#b3261e;border-width:2px}
.error{color:#b3261e;font-weight:600;margin:.25rem 0 0}
.success{color:#116329;font-weight:600}
button{font:inherit;cursor:pointer}
.primary,.secondary{display:inline-flex;align-items:center;justify-content:center;min-block-size:2.75rem;padding:.5rem 1.25rem;border-radius:1.5rem;text-decoration:none;font-weight:600}
.primary{background:#0b57d0;color:#fff;border:2px solid #0b57d0}
.secondary{background:#fff;color:#0b57d0;border:1px solid #747775}
.actions{display:flex;flex-wrap:wrap;gap:.5rem;margin-block-start:1rem}
td form{margin:0}
a{color:#0b57d0}
:focus-visible{outline:3px solid #0b57d0;outline-offset:2px}
.primary:focus-visible{outline-color:#1f2328}
@media (forced-colors:active){.error{text-decoration:underline}.primary,.secondary{border:2px solid ButtonText}}
`;

/** Pages: nothing inline, only their own stylesheet, forms to themselves, no framing. */
export const FULFILMENT_PAGE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
} as const;

/** `?lang=ar` gives Arabic; anything else English. */
export function pageLanguage(value: unknown): 'en' | 'ar' {
  return value === 'ar' ? 'ar' : 'en';
}
