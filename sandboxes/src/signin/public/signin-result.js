// @ts-check
/**
 * The sign-in result page's script, served as /assets/signin-result.js (its CSP forbids inline
 * scripts): hands the answer to the window that opened the popup, only at the registered origin
 * the server put in data-target-origin, then closes. Without an opener (the page was opened
 * directly, or the site's COOP cut the link) it says so instead.
 */
(function () {
  'use strict';
  var root = document.getElementById('signin-result');
  if (!root) return;
  var origin = root.getAttribute('data-target-origin');
  var message;
  try {
    message = JSON.parse(root.getAttribute('data-message') || 'null');
  } catch {
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
