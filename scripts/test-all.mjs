// `npm test`: every check, cheapest first, each phase timed, and where the time went printed at
// the end (also when a phase fails, which is named). Run by `pnpm run test:all` (pnpm on the PATH).
//
//   install   pnpm install --frozen-lockfile
//   types     tsc, every package (pnpm runs the packages side by side)
//   lint      ESLint, every package
//   unit      Jest, package by package (each on every core: jest.preset.cjs maxWorkers)
//   build     every package, with the size budgets (scripts/size-report.mjs)
//   e2e       Playwright in Chromium against the built product (e2e/playwright.config.ts)
//   e2e-scaled  the same walks (the `main` project) against the product scaled out: 3 API instances
//             on a fresh PostgreSQL behind HAProxy (E2E_SCALED=1, e2e/README.md "The scaled run")
//   perf      the benchmarks with budgets: the first screen against a bare React page (Lighthouse),
//             first download, face feedback, map, the API against a bare Fastify (figures); the
//             product scaled out on PostgreSQL under load and faults (e2e/perf/scale-out.mjs),
//             and the scaled-out launcher on one SQLite file (scaled-smoke.mjs --sqlite)
//
// TEST_ONLY=e2e,perf runs only the phases named (after a build, to iterate on one).
import { spawn } from 'node:child_process';

const PHASES = [
  { name: 'install', args: ['install', '--frozen-lockfile'] },
  // Measured side by side on 2 cores, types and lint took 49 s together against 50 s one after
  // the other (both use every core they get): one after the other, with their output as it comes.
  { name: 'types', args: ['-r', 'run', 'check-types'] },
  { name: 'lint', args: ['-r', '--workspace-concurrency=1', 'run', 'lint'] },
  { name: 'unit', args: ['-r', '--workspace-concurrency=1', '--filter', '!@join/e2e', 'run', 'test'] },
  { name: 'build', args: ['run', 'build:all'] },
  { name: 'e2e', args: ['--filter', '@join/e2e', 'run', 'test'] },
  { name: 'e2e-scaled', args: ['--filter', '@join/e2e', 'run', 'test:scaled'] },
  { name: 'perf', args: ['--filter', '@join/e2e', 'run', 'perf'] },
];

const only = process.env.TEST_ONLY ? new Set(process.env.TEST_ONLY.split(',').map((s) => s.trim())) : null;
const seconds = (ms) => (ms / 1000).toFixed(1);

/** One pnpm command, its output as it comes; resolves with its exit code. */
function pnpm(args) {
  return new Promise((resolve) => {
    const child = spawn('pnpm', args, { stdio: 'inherit', env: process.env });
    child.on('error', (err) => {
      console.error(`pnpm ${args.join(' ')}: ${err.message}`);
      resolve(1);
    });
    child.on('close', (code) => resolve(code ?? 1));
  });
}

const done = [];
const started = Date.now();
let failed = null;

for (const phase of PHASES) {
  if (only && !only.has(phase.name)) continue;
  console.log(`\n=== ${phase.name} ===`);
  const t0 = Date.now();
  const code = await pnpm(phase.args);
  done.push({ name: phase.name, ms: Date.now() - t0 });
  if (code !== 0) {
    failed = phase.name;
    break;
  }
}

const total = Date.now() - started;
console.log('\nWhere the time went (wall clock, this machine):');
for (const p of done) {
  const share = total > 0 ? Math.round((100 * p.ms) / total) : 0;
  console.log(`  ${p.name.padEnd(10)} ${seconds(p.ms).padStart(7)} s  ${String(share).padStart(3)} %`);
}
console.log(`  ${'total'.padEnd(10)} ${seconds(total).padStart(7)} s  (${(total / 60000).toFixed(1)} min)`);
if (failed) {
  console.log(`\nnpm test FAILED in the ${failed} phase.`);
  process.exit(1);
}
console.log('\nnpm test passed.');
