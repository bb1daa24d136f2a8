import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import pg from 'pg';
import type { Pool, PoolClient, PoolConfig, QueryResultRow } from 'pg';

/**
 * The PostgreSQL connection of the API: a pool (node-postgres), and the transaction a repository's
 * code runs in, carried by AsyncLocalStorage. A repository writes `db.query(...)` whether or not a
 * transaction is open; inside `db.transaction(...)` every query of the same async call chain
 * (including another module's step wired in by database-postgres.ts, as SQLite's nested
 * transactions do) goes to that transaction's connection. A transaction opened inside another
 * becomes a savepoint of it.
 *
 * Isolation: READ COMMITTED, the PostgreSQL default, with the invariants in the database (unique
 * and partial indexes, conditional UPDATEs, INSERT ... ON CONFLICT) and row locks where a step
 * reads and then writes (`SELECT ... FOR UPDATE`, or `lockUser`: what SQLite's one writer at a
 * time gave every user's steps). `serializable` is there for a step that cannot name its rows;
 * it is retried on a serialization failure or a deadlock.
 */

// int8 (BIGINT, COUNT(*), SUM of integers) as a JS number: our integers are ms timestamps, fils
// and counters, far below 2^53. numeric stays a string (none of our columns uses it).
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));

export type Isolation = 'read committed' | 'repeatable read' | 'serializable';

export interface TransactionOptions {
  isolation?: Isolation;
  /** Attempts for a serialization failure or a deadlock (SQLSTATE 40001, 40P01); default 8. */
  attempts?: number;
}

/** Codes a transaction may be retried on: serialization failure, deadlock detected. */
const RETRYABLE = new Set(['40001', '40P01']);

export const sqlState = (e: unknown): string | undefined =>
  typeof e === 'object' && e !== null && 'code' in e && typeof (e as { code: unknown }).code === 'string' ? (e as { code: string }).code : undefined;

/** A unique index refused the row (SQLSTATE 23505); `constraint` names it when given. */
export function isPgUniqueViolation(e: unknown, constraint?: string): boolean {
  if (sqlState(e) !== '23505') return false;
  return constraint === undefined || (e as { constraint?: string }).constraint === constraint;
}

/**
 * Statements with parameters are prepared once per connection and then only executed: each is
 * named by a hash of its text (the same name for the same text whichever PgDatabase sends it),
 * so PostgreSQL parses it once per connection and, after a few runs, keeps a generic plan rather
 * than planning every call (api/README.md "PostgreSQL": the figure). A statement without
 * parameters goes as a simple query, as before (it may hold several commands: a prepared one may
 * not). The names kept are capped: text built per call (none today) would stop being prepared
 * rather than grow each connection's list without end.
 *
 * A prepared statement whose result changes shape under it (another instance's migration added a
 * column to a table it reads with `*`: a rolling deploy) is refused by PostgreSQL ("cached plan
 * must not change result type"). The names then move to a new generation, prepared afresh, and
 * the call is sent again (a transaction: retried whole, as for a serialization failure).
 */
export const MAX_PREPARED_STATEMENTS = 1_000;
const statementNames = new Map<string, string>();
let generation = 0;
export function preparedName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (name === undefined) {
    if (statementNames.size >= MAX_PREPARED_STATEMENTS) return undefined;
    name = `join_${generation}_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
    statementNames.set(text, name);
  }
  return name;
}

/** PostgreSQL refused a prepared statement whose result changed shape (SQLSTATE 0A000 with that message). */
export function isStalePlan(e: unknown): boolean {
  return sqlState(e) === '0A000' && /cached plan must not change result type/.test((e as { message?: unknown }).message as string);
}

function renewPreparedNames(): void {
  generation += 1;
  statementNames.clear();
}

interface TxState {
  client: PoolClient;
  savepoints: number;
}

export class PgDatabase {
  private readonly tx = new AsyncLocalStorage<TxState>();

  constructor(readonly pool: Pool) {}

  static connect(url: string, config: Omit<PoolConfig, 'connectionString'> = {}): PgDatabase {
    const pool = new pg.Pool({ connectionString: url, max: 10, idleTimeoutMillis: 30_000, ...config });
    // An idle client's error (the server restarted, a network cut) must not crash the process:
    // the pool drops that client and the next query gets a fresh one.
    pool.on('error', () => undefined);
    return new PgDatabase(pool);
  }

  /** True inside `transaction(...)`. */
  get inTransaction(): boolean {
    return this.tx.getStore() !== undefined;
  }

  async query<R extends QueryResultRow = QueryResultRow>(text: string, params: readonly unknown[] = []): Promise<pg.QueryResult<R>> {
    const state = this.tx.getStore();
    const send = () => {
      const config: pg.QueryConfig = { text, values: params as unknown[], name: params.length > 0 ? preparedName(text) : undefined };
      return state ? state.client.query<R>(config) : this.pool.query<R>(config);
    };
    try {
      return await send();
    } catch (e) {
      if (!isStalePlan(e)) throw e;
      renewPreparedNames();
      if (state) throw e; // the transaction is aborted: transaction() runs it again
      return send();
    }
  }

  /** Every row. */
  async many<R extends QueryResultRow = QueryResultRow>(text: string, params: readonly unknown[] = []): Promise<R[]> {
    return (await this.query<R>(text, params)).rows;
  }

  /** The first row, or undefined. */
  async maybe<R extends QueryResultRow = QueryResultRow>(text: string, params: readonly unknown[] = []): Promise<R | undefined> {
    return (await this.query<R>(text, params)).rows[0];
  }

  /** The first row; throws when there is none. */
  async one<R extends QueryResultRow = QueryResultRow>(text: string, params: readonly unknown[] = []): Promise<R> {
    const row = await this.maybe<R>(text, params);
    if (row === undefined) throw new Error(`expected a row from: ${text.trim().split('\n')[0]}`);
    return row;
  }

  /** Rows changed. */
  async run(text: string, params: readonly unknown[] = []): Promise<number> {
    return (await this.query(text, params)).rowCount ?? 0;
  }

  /**
   * Runs `work` in one transaction (a savepoint when one is already open in this call chain) and
   * commits; rolls back and rethrows on an error. The outermost transaction is retried on a
   * serialization failure or a deadlock, so `work` must not have effects outside the database.
   */
  async transaction<T>(work: () => Promise<T>, options: TransactionOptions = {}): Promise<T> {
    const outer = this.tx.getStore();
    if (outer) return this.savepoint(outer, work);
    const attempts = options.attempts ?? 8;
    for (let attempt = 1; ; attempt += 1) {
      const client = await this.pool.connect();
      let broken = false;
      try {
        await client.query(options.isolation ? `BEGIN ISOLATION LEVEL ${options.isolation.toUpperCase()}` : 'BEGIN');
        const result = await this.tx.run({ client, savepoints: 0 }, work);
        await client.query('COMMIT');
        return result;
      } catch (e) {
        try {
          await client.query('ROLLBACK');
        } catch {
          broken = true;
        }
        if (attempt >= attempts || !(RETRYABLE.has(sqlState(e) ?? '') || isStalePlan(e))) throw e;
      } finally {
        client.release(broken);
      }
      // Back off a little, at random, so the retried transactions do not meet again at once.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
    }
  }

  private async savepoint<T>(state: TxState, work: () => Promise<T>): Promise<T> {
    state.savepoints += 1;
    const name = `sp_${state.savepoints}`;
    await state.client.query(`SAVEPOINT ${name}`);
    try {
      const result = await work();
      await state.client.query(`RELEASE SAVEPOINT ${name}`);
      return result;
    } catch (e) {
      await state.client.query(`ROLLBACK TO SAVEPOINT ${name}`);
      throw e;
    }
  }

  /**
   * Inside a transaction: waits for, then holds until the end of it, the lock of one user's
   * steps (an advisory lock on the uid). Two steps of one user that read and then write (a new
   * hold while a payment starts, two tabs paying) run one after the other, as they did on
   * SQLite's one writer; different users never wait for each other.
   */
  async lockUser(uid: string): Promise<void> {
    if (!this.inTransaction) throw new Error('lockUser outside a transaction');
    await this.query("SELECT pg_advisory_xact_lock(hashtextextended('user:' || $1, 0))", [uid]);
  }

  /** The same for any named thing ('number:9715...', 'document:passport:...'). */
  async lockKey(key: string): Promise<void> {
    if (!this.inTransaction) throw new Error('lockKey outside a transaction');
    await this.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [key]);
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
