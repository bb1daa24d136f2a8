import { readSandboxesConfig } from './config';
import { startSandboxes } from './start-all';

/**
 * The sandboxes program: every third party's stand-in the environment asks for, each on its own
 * port of 127.0.0.1 (README.md). It prints where each one is, then one line for programs that start
 * it (`npm start`'s launcher, the API's test set-up): `SANDBOXES_READY {"card":"http://...",...}`.
 */
export const READY_PREFIX = 'SANDBOXES_READY ';

const LABELS: Record<string, string> = {
  mail: 'Mail sandbox (SMTP sink)',
  outbox: 'Mail sandbox outbox',
  signin: 'Sign-in sandbox (issuer)',
  authority: 'Identity authority sandbox',
  card: 'Card provider sandbox',
  bnpl: 'BNPL sandbox',
  courier: 'Courier sandbox',
  esim: 'eSIM provisioning sandbox',
  portability: 'Number-portability sandbox',
  terminal: 'Payment terminal sandbox',
};

async function main(): Promise<void> {
  const config = readSandboxesConfig(process.env);
  const sandboxes = await startSandboxes(config);
  let closing = false;
  const shutdown = () => {
    if (closing) return;
    closing = true;
    void sandboxes.close().finally(() => process.exit(0));
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  for (const [name, url] of Object.entries(sandboxes.urls)) console.log(`${LABELS[name] ?? name}: ${url}`);
  if (config.testHooks) console.log('JOIN_TEST_HOOKS is on: the courier sandbox steps a job on request (POST /test/jobs/step; tests only)');
  console.log(`${READY_PREFIX}${JSON.stringify(sandboxes.urls)}`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
