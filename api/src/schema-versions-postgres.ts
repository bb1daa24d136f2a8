import type { Migration } from './platform/db/migrations';

/** Placeholder until the PostgreSQL baseline schema lands (issue 29). */
export const PG_MIGRATIONS: readonly Migration[] = [];
