// `npm run start:scaled`'s last step (issue 29): the product scaled out on this one machine, to try
// what a deployment of several instances looks like. After the same install and build as
// `npm start`:
//
//   1. PostgreSQL (Debian's package): a private cluster in .data/postgres (gitignored), made by
//      initdb on the first run (as the `postgres` user when run as root), started with pg_ctl on
//      a free port with its unix socket in a folder of its own (no TCP at all), a database
//      `join`; stopped when this stops. JOIN_POSTGRES_DIR names another folder for the cluster
//      (made by initdb when it has none, kept: e2e/perf/scale-out.mjs gives each run a fresh one
//      and removes it). With JOIN_DATABASE_URL set, that database instead (no cluster). With
//      `--sqlite`, no PostgreSQL: every instance on one SQLite file (JOIN_DB, or npm start's
//      api/data/join.sqlite; several processes share one file in WAL mode). With
//      `--temporary-postgres` (or JOIN_POSTGRES_TEMPORARY=1), a new cluster in a temporary folder
//      instead, whatever JOIN_DATABASE_URL says, removed when this stops: a fresh database for
//      each run (the e2e suite's scaled run, e2e/README.md);
//   2. the sandboxes program once, as scripts/start.mjs starts it (JOIN_SANDBOXES); with
//      `--external-sandboxes` (or JOIN_SANDBOXES_EXTERNAL=1) none: one already runs, and this
//      environment gives its ports and keys (JOIN_AUTHORITY_PORT, JOIN_CARD_SECRET_KEY...,
//      scripts/sandbox-ports.mjs), which the instances use as they are;
//   3. JOIN_INSTANCES (3) API instances (api/dist/main.js), each on a free port of 127.0.0.1, with
//      the same environment plus the database, JOIN_INSTANCE (api-1, api-2...: in their log lines
//      and their answers' x-join-instance header), JOIN_TRUST_PROXY=loopback (their budgets
//      count the visitor's address HAProxy forwards, not HAProxy's), and one operator token and
//      one challenge key for all (a key per process would refuse a challenge solved on another);
//   4. HAProxy (Debian's package) in front, on PORT (8080) of HOST: round robin, an HTTP health
//      check of GET /health/ready every second, a connection refused or a request left without
//      an answer sent again to another instance (GETs, HEADs and requests with an
//      Idempotency-Key: the others only when they never reached an instance), and its stats page
//      on 127.0.0.1. Its configuration is generated into a temporary folder (printed). Why
//      HAProxy rather than nginx: the root README, "Scaled out on one machine".
//
// The product's address is the last line, as with npm start. Ctrl-C or SIGTERM stops everything:
// the instances get SIGTERM and drain (readiness 503 for JOIN_DRAIN_MS, then requests in flight
// finish), then HAProxy, the sandboxes and PostgreSQL stop; a second Ctrl-C kills at once. An
// instance that dies is left dead (the balancer routes around it: e2e/perf/scaled-smoke.mjs kills
// one); when none is left, or HAProxy or the sandboxes stop, everything stops.
import { randomBytes } from 'node:crypto';
import { spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { SANDBOX_PORT_VARS } from './sandbox-ports.mjs';
import { freePort } from './free-port.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const READY = 'SANDBOXES_READY ';
const PRODUCT_READY = /^Join sign-up flow ready at /;
const OPTIONS = ['--sqlite', '--temporary-postgres', '--external-sandboxes'];
const args = process.argv.slice(2);
for (const arg of args) {
  if (!OPTIONS.includes(arg)) {
    console.error(`start-scaled: unknown argument ${arg} (the options are ${OPTIONS.join(', ')})`);
    process.exit(2);
  }
}
const env = { ...process.env };
const isOn = (value) => !['', '0', 'false', 'off'].includes((value ?? '').trim().toLowerCase());
const useSqlite = args.includes('--sqlite');
const temporaryPostgres = args.includes('--temporary-postgres') || isOn(env.JOIN_POSTGRES_TEMPORARY);
const externalSandboxes = args.includes('--external-sandboxes') || isOn(env.JOIN_SANDBOXES_EXTERNAL);
if (useSqlite && temporaryPostgres) {
  console.error('start-scaled: --sqlite and --temporary-postgres exclude each other');
  process.exit(2);
}
const instanceCount = Number(env.JOIN_INSTANCES ?? 3);
if (!Number.isInteger(instanceCount) || instanceCount < 1 || instanceCount > 16) {
  console.error(`start-scaled: JOIN_INSTANCES must be a whole number from 1 to 16 (${env.JOIN_INSTANCES})`);
  process.exit(2);
}
const publicHost = env.HOST ?? '0.0.0.0';
const drainMs = Number(env.JOIN_DRAIN_MS ?? 3000);
const opsTokenMade = !env.JOIN_OPS_TOKEN;
if (opsTokenMade) env.JOIN_OPS_TOKEN = randomBytes(32).toString('base64url');
// One key for every instance: a challenge signed by one is checked by another.
if (!env.JOIN_CAPTCHA_KEY) env.JOIN_CAPTCHA_KEY = randomBytes(32).toString('base64url');
const wantedSandboxes = (env.JOIN_SANDBOXES ?? '').trim().toLowerCase();
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

const say = (line) => console.log(`[scaled] ${line}`);
/** Everything to undo, last made first undone. */
const cleanups = [];
const instances = [];
const others = new Set();
let stopping = false;
let balancing = false;

function fail(message) {
  console.error(`start-scaled: ${message}`);
  void stopAll(1);
}

// ---- what must be installed ----------------------------------------------------------------

function which(command) {
  const found = spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() : null;
}

function haproxyBinary() {
  return which('haproxy') ?? (existsSync('/usr/sbin/haproxy') ? '/usr/sbin/haproxy' : null);
}

/** PostgreSQL's programs: Debian's /usr/lib/postgresql/<version>/bin (the newest), or pg_config --bindir. */
function postgresBinDir() {
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((v) => existsSync(path.join(debian, v, 'bin', 'pg_ctl')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions.length > 0) return path.join(debian, versions[0], 'bin');
  }
  const config = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  const dir = config.status === 0 ? config.stdout.trim() : '';
  return dir && existsSync(path.join(dir, 'pg_ctl')) ? dir : null;
}

// ---- helpers --------------------------------------------------------------------------------

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A path as the messages show it: relative inside the checkout, whole outside it. */
const shown = (file) => (file.startsWith(root + path.sep) ? path.relative(root, file) : file);

/** A program run to its end; its output shown only when it fails. */
function runToEnd(command, commandArgs, what) {
  const done = spawnSync(command, commandArgs, { encoding: 'utf8' });
  if (done.status !== 0) throw new Error(`${what} failed (${done.error?.message ?? `exit ${done.status}`}):\n${done.stdout ?? ''}${done.stderr ?? ''}`);
  return done.stdout;
}

/** As the `postgres` user when this runs as root (PostgreSQL refuses to run as root). */
function asPostgres(command, commandArgs) {
  return isRoot ? ['runuser', ['-u', 'postgres', '--', command, ...commandArgs]] : [command, commandArgs];
}

function giveToPostgres(dir) {
  if (!isRoot) return;
  const id = runToEnd('id', ['-u', 'postgres'], 'finding the postgres user').trim();
  const group = runToEnd('id', ['-g', 'postgres'], 'finding the postgres group').trim();
  chownSync(dir, Number(id), Number(group));
}

// ---- PostgreSQL -----------------------------------------------------------------------------

async function startPostgres(binDir) {
  const pg = (program) => path.join(binDir, program);
  let dataDir = env.JOIN_POSTGRES_DIR ? path.resolve(env.JOIN_POSTGRES_DIR) : path.join(root, '.data', 'postgres');
  if (temporaryPostgres) {
    // A cluster of this run's own, in a new temporary folder, removed when this stops (after
    // PostgreSQL has: cleanups run last made first).
    dataDir = mkdtempSync(path.join(tmpdir(), 'join-pg-data-'));
    const folder = dataDir;
    cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
  } else {
    mkdirSync(path.dirname(dataDir), { recursive: true, mode: 0o755 });
  }
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    say(`a new PostgreSQL cluster in ${shown(dataDir)} (initdb${temporaryPostgres ? ', removed when this stops' : ', once'})`);
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    giveToPostgres(dataDir);
    // Sockets only (below), trusted: the socket's folder is the cluster owner's alone. C collation
    // sorts text by its bytes, as SQLite's BINARY does.
    runToEnd(...asPostgres(pg('initdb'), ['-D', dataDir, '-U', 'postgres', '--auth-local=trust', '--auth-host=scram-sha-256', '-E', 'UTF8', '--locale=C', '--no-instructions']), 'initdb');
  }
  const socketDir = mkdtempSync(path.join(tmpdir(), 'join-pg-'));
  giveToPostgres(socketDir);
  cleanups.push(() => rmSync(socketDir, { recursive: true, force: true }));
  const port = await freePort();
  const logFile = path.join(dataDir, 'server.log');
  runToEnd(
    // A temporary cluster is thrown away when this stops: it need not survive a crash of the
    // machine, so it does not wait for the disk (fsync off); what the instances see is the same.
    ...asPostgres(pg('pg_ctl'), ['-D', dataDir, '-l', logFile, '-w', '-t', '60', '-o', `-p ${port} -k ${socketDir} -c listen_addresses=''${temporaryPostgres ? ' -c fsync=off' : ''}`, 'start']),
    `starting PostgreSQL (its log: ${shown(logFile)})`,
  );
  cleanups.push(() => {
    const [command, commandArgs] = asPostgres(pg('pg_ctl'), ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
    const stopped = spawnSync(command, commandArgs, { encoding: 'utf8' });
    say(stopped.status === 0 ? 'PostgreSQL stopped' : `PostgreSQL did not stop: ${stopped.stderr}`);
  });
  const client = ['-h', socketDir, '-p', String(port), '-U', 'postgres'];
  const exists = runToEnd(pg('psql'), [...client, '-d', 'postgres', '-tAc', "SELECT 1 FROM pg_database WHERE datname = 'join'"], 'looking for the database join').trim();
  if (exists !== '1') runToEnd(pg('createdb'), [...client, 'join'], 'creating the database join');
  const version = runToEnd(pg('psql'), [...client, '-d', 'join', '-tAc', 'SHOW server_version'], 'asking the version').trim();
  say(`PostgreSQL ${version}: database join, socket ${socketDir} port ${port}`);
  return `postgres://postgres@/join?host=${encodeURIComponent(socketDir)}&port=${port}`;
}

// ---- the sandboxes program -------------------------------------------------------------------

function startSandboxes() {
  if (['', '0', 'false', 'off'].includes(wantedSandboxes)) return Promise.resolve();
  if (externalSandboxes) {
    // The sandboxes program already runs (the e2e suite's, shared by its servers): the instances
    // reach it by the port and key variables of this environment, as any product server does.
    const unset = Object.values(SANDBOX_PORT_VARS).filter((variable) => !/^[1-9][0-9]*$/.test(env[variable] ?? ''));
    if (unset.length > 0) return Promise.reject(new Error(`--external-sandboxes: the sandboxes' ports must be given (${unset.join(', ')})`));
    say(`the sandboxes program already running: authority on port ${env.JOIN_AUTHORITY_PORT}, mail sink ${env.JOIN_MAIL_SINK_PORT} (none started)`);
    return Promise.resolve();
  }
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'sandboxes', 'dist', 'main.js')], { env, stdio: ['ignore', 'pipe', 'inherit'] });
    watchOther(child, 'the sandboxes program');
    let started = false;
    child.once('exit', () => {
      if (!started) reject(new Error('the sandboxes program stopped before it was ready'));
    });
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (!line.startsWith(READY)) return console.log(line);
      if (started) return;
      started = true;
      const urls = JSON.parse(line.slice(READY.length));
      for (const [name, url] of Object.entries(urls)) if (SANDBOX_PORT_VARS[name]) env[SANDBOX_PORT_VARS[name]] = new URL(url).port;
      resolve();
    });
  });
}

function watchOther(child, name) {
  others.add(child);
  child.once('exit', (code, signal) => {
    others.delete(child);
    if (!stopping) fail(`${name} stopped (${signal ?? code}): stopping everything`);
  });
}

// ---- the API instances -----------------------------------------------------------------------

async function startInstance(index, database) {
  const name = `api-${index}`;
  const port = await freePort();
  const instanceEnv = { ...env, ...database, PORT: String(port), HOST: '127.0.0.1', JOIN_INSTANCE: name, JOIN_TRUST_PROXY: 'loopback' };
  const child = spawn(process.execPath, [path.join(root, 'api', 'dist', 'main.js')], { env: instanceEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  const instance = { name, port, child, alive: true };
  instances.push(instance);
  const show = (line) => {
    // The instances' own "ready at" lines name their private port: the product's address is the balancer's.
    if (PRODUCT_READY.test(line)) return;
    // The providers' lines are the same for every instance: the first one's are enough.
    if (index === 1 || line.startsWith('{')) console.log(`[${name}] ${line}`);
  };
  createInterface({ input: child.stdout }).on('line', show);
  createInterface({ input: child.stderr }).on('line', (line) => console.error(`[${name}] ${line}`));
  child.once('exit', (code, signal) => {
    instance.alive = false;
    if (stopping) return;
    const left = instances.filter((i) => i.alive).length;
    console.error(`[scaled] ${name} stopped (${signal ?? code}); ${left} of ${instances.length} instances left${left > 0 && balancing ? ': HAProxy routes around it' : ''}`);
    if (left === 0) fail('no API instance is left: stopping everything');
  });
  say(`API instance ${name}: http://127.0.0.1:${port}/ (pid ${child.pid})`);
  return instance;
}

async function waitReady(origin, what, isAlive, timeoutMs = 180_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (!isAlive()) throw new Error(`${what} stopped before it was ready`);
    try {
      if ((await fetch(`${origin}/health/ready`)).ok) return;
    } catch {
      /* not listening yet */
    }
    await sleep(250);
  }
  throw new Error(`${what} was not ready within ${timeoutMs / 1000} s`);
}

// ---- HAProxy ---------------------------------------------------------------------------------

/** The balancer's configuration: see the comment at the top and the root README. */
function haproxyConfig({ publicPort, statsPort, socket }) {
  return `# Generated by scripts/start-scaled.mjs for this run (issue 29); not a production file as is.
global
    maxconn 4096
    stats socket ${socket} mode 600 level admin

defaults
    mode http
    # The API answers within 30 s (its request timeout) plus a provider's 15 s at most.
    timeout connect 2s
    timeout server 45s
    timeout client 65s
    timeout http-request 10s
    timeout http-keep-alive 5s
    timeout queue 10s
    timeout check 2s
    # A connection refused (an instance gone) is tried again on another instance; so is a request
    # that got no answer at all (an instance killed while it worked), unless it may change
    # something and carries no Idempotency-Key (below): that one is answered 502.
    retries 2
    option redispatch 1
    retry-on conn-failure empty-response

frontend join
    bind ${publicHost}:${publicPort}
    # The instances believe X-Forwarded-* from this balancer only (JOIN_TRUST_PROXY=loopback):
    # what a client sent is dropped, the client's address is added (option forwardfor).
    http-request del-header X-Forwarded-For
    http-request del-header X-Forwarded-Host
    http-request del-header X-Forwarded-Port
    http-request set-header X-Forwarded-Proto http
    option forwardfor
    default_backend api

backend api
    balance roundrobin
    option httpchk GET /health/ready
    http-check expect status 200
    http-request disable-l7-retry if !METH_GET !{ req.hdr(idempotency-key) -m found }
    # Checked every second (every 0.5 s after a failure), down after 2 failures, up after 2
    # successes: down within ~1.5 s, inside the instances' 3 s drain.
    default-server check inter 1s fastinter 500ms downinter 2s fall 2 rise 2
${instances.map((i) => `    server ${i.name} 127.0.0.1:${i.port}`).join('\n')}

listen stats
    bind 127.0.0.1:${statsPort}
    stats enable
    stats uri /
    stats refresh 2s
    stats show-legends
`;
}

async function startHaproxy(binary, publicPort) {
  const dir = mkdtempSync(path.join(tmpdir(), 'join-haproxy-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const statsPort = await freePort();
  const file = path.join(dir, 'haproxy.cfg');
  writeFileSync(file, haproxyConfig({ publicPort, statsPort, socket: path.join(dir, 'admin.sock') }));
  runToEnd(binary, ['-c', '-q', '-f', file], `HAProxy's check of ${file}`);
  const child = spawn(binary, ['-db', '-f', file], { stdio: ['ignore', 'inherit', 'inherit'] });
  watchOther(child, 'HAProxy');
  say(`HAProxy: ${file}, stats at http://127.0.0.1:${statsPort}/, admin socket ${path.join(dir, 'admin.sock')}`);
  return child;
}

// ---- stopping --------------------------------------------------------------------------------

function exited(child) {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((r) => child.once('exit', r));
}

async function within(promise, ms) {
  let timer;
  const late = new Promise((r) => (timer = setTimeout(() => r('late'), ms)));
  const result = await Promise.race([promise.then(() => 'done'), late]);
  clearTimeout(timer);
  return result;
}

function runCleanups() {
  while (cleanups.length > 0) {
    try {
      cleanups.pop()();
    } catch (err) {
      console.error(`start-scaled: ${err.message}`);
    }
  }
}

async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  process.exitCode = code;
  // The instances first, while HAProxy still runs: each drains (readiness 503, the balancer stops
  // sending) and finishes its requests.
  const alive = instances.filter((i) => i.alive);
  if (alive.length > 0) say(`stopping ${alive.length} API instance(s): each drains for ${drainMs} ms, then finishes its requests`);
  for (const i of alive) i.child.kill('SIGTERM');
  if ((await within(Promise.all(alive.map((i) => exited(i.child))), drainMs + 40_000)) === 'late') {
    for (const i of alive) i.child.kill('SIGKILL');
  }
  const rest = [...others];
  for (const child of rest) child.kill('SIGTERM');
  if ((await within(Promise.all(rest.map(exited)), 10_000)) === 'late') for (const child of rest) child.kill('SIGKILL');
  runCleanups();
  process.exit(code);
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (!stopping) return void stopAll(0);
    // A second signal: everything at once.
    say(`${signal} again: killing everything`);
    for (const i of instances) if (i.alive) i.child.kill('SIGKILL');
    for (const child of others) child.kill('SIGKILL');
    runCleanups();
    process.exit(1);
  });
}

// ---- the start ------------------------------------------------------------------------------

async function main() {
  const haproxy = haproxyBinary();
  if (!haproxy) throw new Error('HAProxy is not installed. On Debian or Ubuntu: sudo apt-get install haproxy');
  let database;
  if (useSqlite) {
    const file = path.resolve(env.JOIN_DB ?? path.join(root, 'api', 'data', 'join.sqlite'));
    delete env.JOIN_DATABASE_URL;
    database = { JOIN_DB: file };
    say(`--sqlite: every instance on one SQLite file, ${file}`);
  } else if (env.JOIN_DATABASE_URL && !temporaryPostgres) {
    delete env.JOIN_DB;
    database = { JOIN_DATABASE_URL: env.JOIN_DATABASE_URL };
    say('PostgreSQL: JOIN_DATABASE_URL (no private cluster started)');
  } else {
    const binDir = postgresBinDir();
    if (!binDir) throw new Error('PostgreSQL is not installed. On Debian or Ubuntu: sudo apt-get install postgresql (or run npm run start:scaled -- --sqlite to try the instances on one SQLite file)');
    delete env.JOIN_DB;
    database = { JOIN_DATABASE_URL: await startPostgres(binDir) };
  }
  const publicPort = env.PORT && env.PORT !== '0' ? Number(env.PORT) : env.PORT === '0' ? await freePort() : 8080;

  await startSandboxes();
  // Together, as a deployment's instances start: the migrations run once whichever comes first.
  const started = [];
  for (let index = 1; index <= instanceCount; index += 1) started.push(await startInstance(index, database));
  await Promise.all(started.map((i) => waitReady(`http://127.0.0.1:${i.port}`, i.name, () => i.alive)));
  const balancer = await startHaproxy(haproxy, publicPort);
  const origin = `http://127.0.0.1:${publicPort}`;
  await waitReady(origin, 'HAProxy', () => balancer.exitCode === null && balancer.signalCode === null, 30_000);
  balancing = true;

  const product = `http://localhost:${publicPort}/`;
  const ops = new URL('#/ops', product).href;
  console.log(opsTokenMade ? `Operations page: ${ops} (operator token for this run: ${env.JOIN_OPS_TOKEN})` : `Operations page: ${ops} (your JOIN_OPS_TOKEN)`);
  console.log(`Scaled out: HAProxy on port ${publicPort}, round robin over ${instanceCount} API instance(s) on ${useSqlite ? 'one SQLite file' : 'PostgreSQL'}`);
  console.log(`Join sign-up flow ready at ${product}`);
}

main().catch((err) => fail(err instanceof Error ? err.message : String(err)));
