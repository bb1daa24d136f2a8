import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

/**
 * Test support: the sandboxes program (sandboxes/, the third parties' stand-ins) as its own process,
 * as the product runs it: started from its source (tsx) on free ports of 127.0.0.1 with fresh
 * keys, and reached only by URL and key, as the API reaches a real provider. Each test file starts
 * the sandboxes it needs (`only`) and closes them after. Not a test itself, never imported by the
 * server; the API imports nothing of the sandboxes' code.
 */
export type SandboxName = 'mail' | 'signin' | 'authority' | 'card' | 'bnpl' | 'courier' | 'esim' | 'portability' | 'terminal';

export interface SandboxesProgram {
  /** Each started sandbox's URL (mail: smtp://, its outbox: http://). */
  urls: Partial<Record<SandboxName | 'outbox', string>>;
  /** The keys the program was given: what the API's clients must send. */
  keys: { authority: string; card: string; merchantId: string; bnpl: string; courier: string; esim: string; portability: string; terminal: string };
  url(name: SandboxName | 'outbox'): string;
  close(): Promise<void>;
}

const SANDBOXES_DIR = join(__dirname, '..', '..', '..', 'sandboxes');
const READY = 'SANDBOXES_READY ';
const freshKey = (prefix: string) => `${prefix}-${randomBytes(12).toString('hex')}`;

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Starts the sandboxes named in `only` (`env`: more of the program's variables, e.g. JOIN_CARD_ORIGINS). */
export async function startSandboxesProgram(only: readonly SandboxName[], env: Record<string, string> = {}): Promise<SandboxesProgram> {
  const keys = {
    authority: freshKey('authority-test'),
    card: freshKey('sk_test_card'),
    merchantId: 'join-test',
    bnpl: freshKey('bnpl-test'),
    courier: freshKey('courier-test'),
    esim: freshKey('esim-test'),
    portability: freshKey('portability-test'),
    terminal: freshKey('terminal-test'),
  };
  const ports = ['JOIN_MAIL_SINK_PORT', 'JOIN_MAIL_OUTBOX_PORT', 'JOIN_SIGNIN_PORT', 'JOIN_AUTHORITY_PORT', 'JOIN_CARD_PORT', 'JOIN_BNPL_PORT', 'JOIN_COURIER_PORT', 'JOIN_ESIM_PORT', 'JOIN_PORTABILITY_PORT', 'JOIN_TERMINAL_PORT'];
  const child = spawn(process.execPath, ['--import', 'tsx', join('src', 'main.ts')], {
    cwd: SANDBOXES_DIR,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('JOIN_') && name !== 'NODE_ENV')),
      JOIN_SANDBOXES: only.join(','),
      ...Object.fromEntries(ports.map((p) => [p, '0'])),
      JOIN_AUTHORITY_KEY: keys.authority,
      JOIN_CARD_SECRET_KEY: keys.card,
      JOIN_CARD_MERCHANT_ID: keys.merchantId,
      JOIN_BNPL_KEY: keys.bnpl,
      JOIN_COURIER_KEY: keys.courier,
      JOIN_ESIM_KEY: keys.esim,
      JOIN_PORTABILITY_KEY: keys.portability,
      JOIN_TERMINAL_KEY: keys.terminal,
      ...env,
    },
  });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-4000);
  });
  const urls = await new Promise<SandboxesProgram['urls']>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the sandboxes program did not start in 60 s: ${stderr}`)), 60_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the sandboxes program exited (${code}): ${stderr}`));
    });
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (!line.startsWith(READY)) return;
      clearTimeout(timer);
      resolve(JSON.parse(line.slice(READY.length)) as SandboxesProgram['urls']);
    });
  }).catch(async (err: unknown) => {
    await stop(child);
    throw err;
  });
  child.removeAllListeners('exit');
  return {
    urls,
    keys,
    url(name) {
      const url = urls[name];
      if (!url) throw new Error(`the ${name} sandbox was not started (only: ${only.join(', ')})`);
      return url;
    },
    close: () => stop(child),
  };
}
