// The perf scripts that measure one component alone (face-feedback, map-interactive) build its
// harness page with the step package's own rspack, as that remote builds the component.
import { spawn } from 'node:child_process';
import path from 'node:path';

/** Runs a program to its end (its output on stderr only); rejects naming `what` when it fails. */
export function runToEnd(what, command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'inherit'], ...options });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${what} failed (${code})`))));
  });
}

/**
 * Builds the harness of `packageDir` (its rspack config at `config`, relative to the package) for
 * production into `out`, which the config reads from the environment variable `outVariable`. The
 * package's rspack through pnpm's bin shim: it sets the module path the shared
 * tools/rspack-config.mjs resolves @rspack/core from.
 */
export function buildHarness(packageDir, config, outVariable, out) {
  return runToEnd('harness build', path.join(packageDir, 'node_modules', '.bin', 'rspack'), ['build', '-c', config], {
    cwd: packageDir,
    env: { ...process.env, [outVariable]: out, NODE_ENV: 'production' },
  });
}
