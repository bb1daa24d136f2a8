import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { readEnv } from './config/env';
import { openSqliteStore } from './data/sqlite/open-store';
import { REMOTE_FOLDERS } from './static/remotes';

/**
 * The product server: one Node process serving the API, the host and every remote. The
 * database file is created, migrated and seeded on first start.
 */
// This file runs from api/dist (built) or api/src (tsx): either way the package is one up.
const apiDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = resolve(apiDir, '..');

async function main(): Promise<void> {
  const env = readEnv(process.env);
  const dbFile = env.JOIN_DB ? resolve(env.JOIN_DB) : join(apiDir, 'data', 'join.sqlite');
  const opened = openSqliteStore(dbFile);

  const app = await buildApp({
    db: opened.store,
    holdSeconds: env.NUMBER_HOLD_SECONDS,
    ...(env.JOIN_MAINTENANCE ? { maintenanceMode: env.JOIN_MAINTENANCE } : {}),
    failBizConfig: env.JOIN_FAIL_BIZ_CONFIG,
    promoCodesEnabled: env.JOIN_PROMO_CODES,
    rateLimit: {
      ...(env.JOIN_LOGIN_RATE_LIMIT ? { loginMax: env.JOIN_LOGIN_RATE_LIMIT } : {}),
      ...(env.JOIN_RANDOM_RATE_LIMIT ? { randomNumbersMax: env.JOIN_RANDOM_RATE_LIMIT } : {}),
      ...(env.JOIN_SEARCH_RATE_LIMIT ? { searchMax: env.JOIN_SEARCH_RATE_LIMIT } : {}),
      ...(env.JOIN_TRANSFER_RATE_LIMIT ? { transferMax: env.JOIN_TRANSFER_RATE_LIMIT } : {}),
      ...(env.JOIN_PROMO_RATE_LIMIT ? { promoMax: env.JOIN_PROMO_RATE_LIMIT } : {}),
      ...(env.JOIN_FEEDBACK_RATE_LIMIT ? { feedbackMax: env.JOIN_FEEDBACK_RATE_LIMIT } : {}),
      ...(env.JOIN_FEEDBACK_DEVICE_RATE_LIMIT ? { feedbackPerDeviceMax: env.JOIN_FEEDBACK_DEVICE_RATE_LIMIT } : {}),
      ...(env.JOIN_RESERVE_RATE_LIMIT ? { reserveMax: env.JOIN_RESERVE_RATE_LIMIT } : {}),
      ...(env.JOIN_RESERVE_DEVICE_RATE_LIMIT ? { reserveDeviceMax: env.JOIN_RESERVE_DEVICE_RATE_LIMIT } : {}),
    },
    ...(env.JOIN_HOLDS_PER_ADDRESS ? { holdLimits: { liveHoldsPerAddress: env.JOIN_HOLDS_PER_ADDRESS } } : {}),
    ...(env.JOIN_TRANSFER_CHECKS_PER_ADDRESS ? { transferCheckLimits: { numbersPerAddress: env.JOIN_TRANSFER_CHECKS_PER_ADDRESS } } : {}),
    static: {
      hostDir: join(repoRoot, 'host', 'dist'),
      remoteDirs: Object.fromEntries(Object.entries(REMOTE_FOLDERS).map(([name, folder]) => [name, join(repoRoot, folder, 'dist')])),
    },
    ...(env.JOIN_REMOTES ? { remoteOverrides: env.JOIN_REMOTES } : {}),
    trustProxy: env.JOIN_TRUST_PROXY,
    hsts: env.JOIN_HSTS,
    logger: { level: env.LOG_LEVEL },
  });

  if (opened.migrationsApplied.length > 0) app.log.info(`database ${dbFile}: applied migrations ${opened.migrationsApplied.join(', ')}`);
  if (opened.seed.numbersInserted > 0) app.log.info(`database seeded: ${opened.seed.numbersInserted} numbers in ${opened.seedMs} ms`);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    void app
      .close()
      .then(() => opened.store.close())
      .finally(() => process.exit(0));
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ port: env.PORT, host: env.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  console.log(`Join sign-up flow ready at http://localhost:${port}/`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
