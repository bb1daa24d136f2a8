import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A private PostgreSQL cluster for the tests: initdb into a temporary directory, started with
 * pg_ctl on a free port of 127.0.0.1 (and its own socket directory), trusted local connections,
 * no fsync (a test cluster is thrown away). No Docker: Debian's postgresql package
 * (`apt-get install postgresql`, which .ci/run does when it is missing). PostgreSQL refuses to run
 * as root, so as root the cluster belongs to the package's `postgres` user.
 */
export interface PostgresCluster {
  port: number;
  dir: string;
  /** A URL of one database of the cluster. */
  url(database: string): string;
  stop(): void;
}

/** The directory of initdb and pg_ctl: pg_config's, else the newest /usr/lib/postgresql/<n>/bin. */
export function postgresBinDir(): string | null {
  const fromConfig = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  if (fromConfig.status === 0) {
    const dir = fromConfig.stdout.trim();
    if (existsSync(join(dir, 'initdb'))) return dir;
  }
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => existsSync(join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(base, versions[0], 'bin') : null;
}

export const POSTGRES_MISSING =
  'PostgreSQL is not installed: its tests need initdb and pg_ctl (Debian: apt-get install postgresql; .ci/run installs it when missing)';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export async function startPostgresCluster(options: { maxConnections?: number } = {}): Promise<PostgresCluster> {
  const bin = postgresBinDir();
  if (!bin) throw new Error(POSTGRES_MISSING);
  const asRoot = process.getuid?.() === 0;
  const run = (file: string, args: string[]) =>
    asRoot ? execFileSync('runuser', ['-u', 'postgres', '--', join(bin, file), ...args], { stdio: 'pipe' }) : execFileSync(join(bin, file), args, { stdio: 'pipe' });
  const dir = mkdtempSync(join(tmpdir(), 'join-pg-'));
  const data = join(dir, 'data');
  if (asRoot) {
    const id = (name: string) => Number(execFileSync('id', [name, 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, id('-u'), id('-g'));
  }
  run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
  // A few tries: the free port may be taken between the probe and the start.
  for (let attempt = 1; ; attempt += 1) {
    const port = await freePort();
    const settings = [
      `-p ${port}`,
      `-k ${dir}`,
      "-c listen_addresses='127.0.0.1'",
      `-c max_connections=${options.maxConnections ?? 200}`,
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
    ].join(' ');
    try {
      run('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-o', settings, '-w', '-t', '30', 'start']);
    } catch (e) {
      if (attempt < 3) continue;
      throw e;
    }
    let stopped = false;
    return {
      port,
      dir,
      url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
      stop: () => {
        if (stopped) return;
        stopped = true;
        try {
          run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
      },
    };
  }
}
