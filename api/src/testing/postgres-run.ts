import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { postgresBinDir } from './postgres-cluster';
import type { ClusterInfo } from './postgres-test-cluster';

/** Jest's global set-up: a directory for this run's cluster, if a suite starts one. */
export function beginRun(): string {
  const run = mkdtempSync(join(tmpdir(), 'join-pg-run-'));
  process.env.JOIN_TEST_PG_RUN = run;
  return run;
}

/** Jest's global tear-down: stops the run's cluster, if one was started. */
export function endRun(): void {
  const run = process.env.JOIN_TEST_PG_RUN;
  if (!run) return;
  const written = join(run, 'cluster.json');
  if (existsSync(written)) {
    const { dir } = JSON.parse(readFileSync(written, 'utf8')) as ClusterInfo;
    const bin = postgresBinDir();
    if (dir && bin) {
      const args = ['-D', join(dir, 'data'), '-m', 'immediate', '-w', 'stop'];
      try {
        if (process.getuid?.() === 0) execFileSync('runuser', ['-u', 'postgres', '--', join(bin, 'pg_ctl'), ...args], { stdio: 'pipe' });
        else execFileSync(join(bin, 'pg_ctl'), args, { stdio: 'pipe' });
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    }
  }
  rmSync(run, { recursive: true, force: true });
}
