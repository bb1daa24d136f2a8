import { createTemplate } from './postgres-test-cluster';

/**
 * `node --import tsx make-postgres-template.ts postgres://user@host:port`: migrates and seeds the
 * run's template database. Jest's global set-up runs it as a program of its own (the set-up's
 * module loader is not the tests' one, and the whole API does not load there).
 */
const base = process.argv[2];
if (!base) throw new Error('usage: make-postgres-template.ts postgres://user@host:port');
createTemplate(base).catch((e: unknown) => {
  console.error(e instanceof Error ? e.stack : e);
  process.exit(1);
});
