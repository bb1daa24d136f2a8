// `npm start`'s last step (and the perf scripts'): the two programs of the product, side by side.
//
//   1. the sandboxes program (sandboxes/dist/main.js), the third parties' stand-ins, when
//      JOIN_SANDBOXES asks for them (npm start sets JOIN_SANDBOXES=1), each on its port of 127.0.0.1;
//   2. once it prints SANDBOXES_READY, the product server (api/dist/main.js), with the same
//      environment: both read the same port and key variables (JOIN_CARD_PORT, JOIN_CARD_SECRET_KEY,
//      ...), and a port given as 0 is replaced by the one the sandbox got. The API reaches each
//      sandbox only by its URL and key; the two programs import nothing of each other.
//
// Ctrl-C (SIGINT) or SIGTERM stops both; either one stopping stops the other. The product's
// address ("Join sign-up flow ready at ...") is the last line of the start: the API's log (pino)
// writes asynchronously, so its start-up lines (migrations, seed, "Server listening") may come out
// after the API printed that line (one "Server listening" per address); the launcher holds it
// until the API's log has been quiet for a moment, then prints it.
//
// The operations page (issue 28) needs an operator credential: without JOIN_OPS_TOKEN the launcher
// makes one for this run (random, 43 characters) and prints it with the page's address just
// before the product's, so an operator can try the page at once; a JOIN_OPS_TOKEN of your own is
// used as it is and never printed.
import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { SANDBOX_PORT_VARS } from './sandbox-ports.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const READY = 'SANDBOXES_READY ';
/** The API's own ready line; it is printed once the API's start-up log has been quiet this long. */
const PRODUCT_READY = /^Join sign-up flow ready at /;
const QUIET_LOG_WAIT_MS = 400;

const env = { ...process.env };
const opsTokenMade = !env.JOIN_OPS_TOKEN;
if (opsTokenMade) env.JOIN_OPS_TOKEN = randomBytes(32).toString('base64url');
const wanted = (env.JOIN_SANDBOXES ?? '').trim().toLowerCase();
const children = new Set();
let stopping = false;

function stopAll(code) {
  if (stopping) return;
  stopping = true;
  process.exitCode = code;
  for (const child of children) child.kill('SIGTERM');
}
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => stopAll(0));

function run(file, childEnv, stdout) {
  const child = spawn(process.execPath, [file], { env: childEnv, stdio: ['ignore', stdout, 'inherit'] });
  children.add(child);
  child.once('exit', (code, signal) => {
    children.delete(child);
    if (!stopping) {
      console.error(`${path.relative(root, file)} stopped (${signal ?? code}): stopping the other program`);
      stopAll(code || 1);
    }
  });
  return child;
}

function startApi() {
  const api = run(path.join(root, 'api', 'dist', 'main.js'), env, 'pipe');
  let held = null;
  let timer;
  const release = () => {
    if (held === null) return;
    // The operations page's line just before the product's, which stays the last.
    const ops = new URL('#/ops', held.replace(PRODUCT_READY, '').trim()).href;
    console.log(opsTokenMade ? `Operations page: ${ops} (operator token for this run: ${env.JOIN_OPS_TOKEN})` : `Operations page: ${ops} (your JOIN_OPS_TOKEN)`);
    console.log(held);
    held = null;
  };
  createInterface({ input: api.stdout }).on('line', (line) => {
    if (PRODUCT_READY.test(line)) held = line;
    else console.log(line);
    // While the ready line is held, every start-up log line (one "Server listening" per address,
    // the seed...) puts its printing off until the log has been quiet for a moment.
    if (held !== null) {
      clearTimeout(timer);
      timer = setTimeout(release, QUIET_LOG_WAIT_MS);
    }
  });
}

if (['', '0', 'false', 'off'].includes(wanted)) {
  startApi();
} else {
  const sandboxes = run(path.join(root, 'sandboxes', 'dist', 'main.js'), env, 'pipe');
  let started = false;
  createInterface({ input: sandboxes.stdout }).on('line', (line) => {
    if (!line.startsWith(READY)) {
      console.log(line);
      return;
    }
    if (started) return;
    started = true;
    const urls = JSON.parse(line.slice(READY.length));
    for (const [name, url] of Object.entries(urls)) if (SANDBOX_PORT_VARS[name]) env[SANDBOX_PORT_VARS[name]] = new URL(url).port;
    startApi();
  });
}
