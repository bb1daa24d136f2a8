/**
 * The sign-in sandbox's stylesheet and its one script, served as files (/assets/...) so its
 * CSP can forbid every inline style and script. Kept as strings here, not files beside the
 * source, because the API is bundled into dist/main.js and ships no other files.
 *
 * Colours meet WCAG 2.2 AA on white (text #1f2328 15.8:1, muted #57606a 6.2:1, link and
 * focus #0b57d0 6.4:1, error #b3261e 6.5:1); every layout rule uses logical properties so the
 * Arabic page mirrors.
 */
export const SIGNIN_CSS = `*,*::before,*::after{box-sizing:border-box}
html{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Noto Sans Arabic",Arial,sans-serif;font-size:100%;line-height:1.5;color:#1f2328;background:#f1f3f4}
body{margin:0;min-block-size:100vh;display:flex;align-items:flex-start;justify-content:center;padding:1.5rem 1rem}
main{inline-size:100%;max-inline-size:28rem;background:#fff;border:1px solid #c4c7c5;border-radius:.75rem;padding:1.5rem}
.brand{margin:0 0 .5rem;font-weight:600;color:#57606a}
h1{font-size:1.5rem;line-height:1.3;margin:0 0 .25rem}
p{margin:.5rem 0}
.note{font-size:.875rem;color:#57606a;border-inline-start:4px solid #0b57d0;padding-inline-start:.75rem}
ul{list-style:none;margin:1rem 0;padding:0}
li+li{margin-block-start:.5rem}
button{font:inherit;cursor:pointer}
.account{display:flex;align-items:center;gap:.75rem;inline-size:100%;min-block-size:3.5rem;padding:.5rem .75rem;text-align:start;color:inherit;background:#fff;border:1px solid #747775;border-radius:.5rem}
.account:hover{background:#f1f3f4}
.avatar{flex:none;display:inline-flex;align-items:center;justify-content:center;inline-size:2.25rem;block-size:2.25rem;border-radius:50%;background:#0b57d0;color:#fff;font-weight:600}
.who{display:flex;flex-direction:column;min-inline-size:0}
.who .name{font-weight:600}
.who .email{color:#57606a;overflow-wrap:anywhere}
.badge{font-size:.8125rem;color:#b3261e;font-weight:600}
details{margin:1rem 0;border-block-start:1px solid #c4c7c5;padding-block-start:.75rem}
summary{cursor:pointer;color:#0b57d0;font-weight:600;min-block-size:1.5rem}
.field{margin:.75rem 0}
label{display:block;font-weight:600}
label .optional{font-weight:400;color:#57606a}
input{font:inherit;inline-size:100%;min-block-size:2.75rem;padding:.5rem .75rem;border:1px solid #747775;border-radius:.375rem;color:#1f2328;background:#fff}
input[aria-invalid="true"]{border-color:#b3261e;border-width:2px}
.error{color:#b3261e;font-weight:600;margin:.25rem 0 0}
.primary,.secondary{min-block-size:2.75rem;padding:.5rem 1.25rem;border-radius:1.5rem}
.primary{background:#0b57d0;color:#fff;border:2px solid #0b57d0}
.secondary{background:#fff;color:#0b57d0;border:1px solid #747775}
.actions{display:flex;justify-content:flex-end;margin-block-start:1rem}
a{color:#0b57d0}
:focus-visible{outline:3px solid #0b57d0;outline-offset:2px}
.account:focus-visible,.primary:focus-visible{outline-color:#1f2328}
[hidden]{display:none!important}
@media (forced-colors:active){.avatar{border:1px solid}.badge,.error{text-decoration:underline}}
`;

/**
 * The result page's script: hands the answer to the window that opened the popup, only at the
 * registered origin the server put in data-target-origin, then closes. Without an opener (the
 * page was opened directly, or the site's COOP cut the link) it says so instead.
 */
export const SIGNIN_RESULT_JS = `(function () {
  'use strict';
  var root = document.getElementById('signin-result');
  if (!root) return;
  var origin = root.getAttribute('data-target-origin');
  var message;
  try {
    message = JSON.parse(root.getAttribute('data-message') || 'null');
  } catch (e) {
    message = null;
  }
  var opener = window.opener;
  if (!opener || opener.closed || !origin || !message) {
    var fallback = document.getElementById('no-opener');
    if (fallback) fallback.hidden = false;
    return;
  }
  opener.postMessage(message, origin);
  window.close();
})();
`;
