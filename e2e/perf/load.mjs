// The API's load figures, one way for every script that makes them (api-throughput.mjs,
// scale-out.mjs): autocannon at 50 connections after a 1 s warm-up, beside the anchor, a bare
// Fastify "hello world" (the same Fastify as the API, in a process of its own as the API is),
// measured in the same run so that the figures are ratios to what this machine can do at all.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const apiDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'api');
export const CONNECTIONS = 50;
export const WARMUP_S = 1;

/** The anchor: Fastify's hello world, nothing else, in a process of its own (as the API is). */
export async function startHelloWorld(port) {
  const fastifyPath = createRequire(path.join(apiDir, 'package.json')).resolve('fastify');
  const program = `const app = require(${JSON.stringify(fastifyPath)})(); app.get('/', async () => ({ hello: 'world' })); app.listen({ port: ${port}, host: '127.0.0.1' }).then(() => console.log('ready'));`;
  const child = spawn(process.execPath, ['-e', program], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => String(d).includes('ready') && resolve());
    child.on('exit', (code) => reject(new Error(`the hello world exited (${code})`)));
  });
  return { origin: `http://127.0.0.1:${port}`, stop: () => child.kill() };
}

/** One autocannon run of `seconds` at CONNECTIONS; `options` adds autocannon's own (requests, method...). */
export function load(url, headers, seconds, options = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url, headers, connections: CONNECTIONS, duration: seconds, ...options }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

/** A warm-up of WARMUP_S, then `seconds` measured: requests a second, p50 and p99 in ms, answers other than 2xx (errors included). */
export async function measure(url, headers, seconds, options = {}) {
  await load(url, headers, WARMUP_S, options);
  const r = await load(url, headers, seconds, options);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx + r.errors, total: r.requests.total };
}
