/**
 * The BNPL sandbox's stylesheet, served as a file (/assets/bnpl.css) so its CSP forbids every
 * inline style; a string here because the API is bundled into dist/main.js and ships no other
 * files. Colours meet WCAG 2.2 AA on white (text #1f2328 15.8:1, muted #57606a 6.2:1, primary
 * and focus #0b57d0 6.4:1 (white on it too), error #b3261e 6.5:1); buttons and fields are at
 * least 44 px high; every layout rule uses logical properties so the Arabic page mirrors.
 */
export const BNPL_CSS = `*,*::before,*::after{box-sizing:border-box}
html{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Noto Sans Arabic",Arial,sans-serif;font-size:100%;line-height:1.5;color:#1f2328;background:#f1f3f4}
body{margin:0;min-block-size:100vh;display:flex;flex-direction:column;align-items:center;padding:1rem}
.top{inline-size:100%;max-inline-size:30rem;display:flex;align-items:center;justify-content:space-between;gap:1rem;margin-block-end:.75rem}
.brand{margin:0;font-weight:700;color:#1f2328}
.lang{display:inline-flex;align-items:center;min-block-size:2.75rem;min-inline-size:2.75rem;padding:0 .75rem;color:#0b57d0;font-weight:600}
main{inline-size:100%;max-inline-size:30rem;background:#fff;border:1px solid #c4c7c5;border-radius:.75rem;padding:1.5rem}
h1{font-size:1.5rem;line-height:1.3;margin:0 0 .75rem}
h2{font-size:1.125rem;line-height:1.4;margin:1.25rem 0 .5rem}
p{margin:.5rem 0}
.note{font-size:.875rem;color:#57606a;border-inline-start:4px solid #0b57d0;padding-inline-start:.75rem}
.summary{margin:1rem 0;display:grid;gap:.25rem}
.summary div{display:flex;justify-content:space-between;gap:1rem;flex-wrap:wrap}
.summary dt{color:#57606a}
.summary dd{margin:0;font-weight:600;text-align:end}
.email{overflow-wrap:anywhere}
.amount{font-variant-numeric:tabular-nums;white-space:nowrap}
.plan{list-style:none;margin:0;padding:0;border:1px solid #c4c7c5;border-radius:.5rem}
.plan li{display:flex;justify-content:space-between;align-items:center;gap:1rem;padding:.625rem .75rem}
.plan li+li{border-block-start:1px solid #c4c7c5}
.plan li:first-child{font-weight:600}
.when{display:flex;flex-direction:column}
.when .n{font-size:.875rem;color:#57606a;font-weight:400}
.code{font-weight:600}
.field{margin:.75rem 0}
label{display:block;font-weight:600}
.hint{margin:0;font-size:.875rem;color:#57606a}
input{font:inherit;inline-size:100%;max-inline-size:12rem;min-block-size:2.75rem;padding:.5rem .75rem;border:1px solid #747775;border-radius:.375rem;color:#1f2328;background:#fff;letter-spacing:.2em}
input[aria-invalid="true"]{border-color:#b3261e;border-width:2px}
.error{color:#b3261e;font-weight:600;margin:.25rem 0 0}
button{font:inherit;cursor:pointer}
.primary,.secondary{display:inline-flex;align-items:center;justify-content:center;min-block-size:2.75rem;padding:.5rem 1.25rem;border-radius:1.5rem;text-decoration:none;font-weight:600}
.primary{background:#0b57d0;color:#fff;border:2px solid #0b57d0}
.secondary{background:#fff;color:#0b57d0;border:1px solid #747775}
.actions{display:flex;justify-content:flex-end;flex-wrap:wrap;gap:.5rem;margin-block-start:1rem}
.actions.stacked{flex-direction:column;align-items:stretch}
a{color:#0b57d0}
:focus-visible{outline:3px solid #0b57d0;outline-offset:2px}
.primary:focus-visible{outline-color:#1f2328}
@media (forced-colors:active){.error{text-decoration:underline}.primary,.secondary{border:2px solid ButtonText}}
`;
