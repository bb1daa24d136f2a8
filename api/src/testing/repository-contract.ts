import { DEFAULT_SHUFFLE_VANITY_IDS, type PackagePrice } from '@join/shared/contract';
import type { SessionRepository, UserRecord } from '../platform/sessions/repository';
import type { NumbersRepository } from '../modules/numbers/repository';

/**
 * What every repository contract suite (modules/<m>/__tests__/<m>-repository-contract.ts) shares:
 * how an implementation is handed to it, the clock and hold policy its tests use, and the small
 * set-up helpers. A suite runs against an open function, so SQLite today and PostgreSQL (or
 * anything else) later run the same tests; the races across separate connections load the
 * implementation's connect module in worker threads (repository-races/).
 */
export interface RepositoryUnderTest<T> {
  repos: T;
  /** Where the database is, as the connect module understands it (a file, a URL). */
  location: string;
  dispose(): Promise<void>;
}

export interface RepositoryImplementation<T> {
  /** A fresh database, migrated and seeded (a small number pool is enough). */
  open(): Promise<RepositoryUnderTest<T>>;
  /** Absolute path of a module exporting `connectRepositories(location): Promise<Repositories>`: a further connection, for the races. */
  connectModule: string;
}

/** How long opening a database under test may take (a run's first PostgreSQL suite starts the cluster). */
export const OPEN_TIMEOUT_MS = 120_000;

export const NOW = Date.UTC(2026, 0, 15, 10, 0, 0);
export const HOLD_MS = 15 * 60_000;
export const POLICY = { maxExtensions: 2, temporaryVanityLevels: DEFAULT_SHUFFLE_VANITY_IDS };
/** A well-formed number outside the pool (the pool is 97158...). */
export const NOT_IN_POOL = '971500000000';

export const price = (net: number): PackagePrice => ({
  NetPrice: net,
  PlanNetPrice: net,
  VATPercentage: 5,
  VATAmount: Math.round(net * 5) / 100,
  ExtraCharges: [],
  Discounts: [],
});

type NumbersHelper<T, F> = T extends NumbersRepository ? F : never;

/**
 * Opens the implementation before the suite's tests and disposes of it after them; answers the
 * database under test and helpers that make users, sessions and free numbers in it.
 */
function contractFixtures<T extends SessionRepository>(impl: RepositoryImplementation<T>) {
  let sut: RepositoryUnderTest<T> | null = null;
  let made = 0;
  let external = 0;
  // The first suite of a run to need PostgreSQL starts its cluster and seeds the template while
  // the other workers wait for it (testing/postgres-test-cluster.ts): seconds on a busy machine.
  beforeAll(async () => {
    sut = await impl.open();
  }, OPEN_TIMEOUT_MS);
  afterAll(async () => sut?.dispose());
  const current = (): RepositoryUnderTest<T> => {
    if (!sut) throw new Error('the repository under test is not open yet');
    return sut;
  };
  const numbers = (): NumbersRepository => current().repos as unknown as NumbersRepository;

  const newUser = async (): Promise<UserRecord> => {
    made += 1;
    return current().repos.findOrCreateUser(`device-${made}`, `uid-${made}`, NOW);
  };
  /** A user with a session (its token hash). */
  const newSession = async (): Promise<{ uid: string; tokenHash: string }> => {
    const user = await newUser();
    const tokenHash = `session-${user.uid}`.padEnd(64, '0');
    await current().repos.createSession(tokenHash, user, NOW);
    return { uid: user.uid, tokenHash };
  };
  const freeNumbers = (async (count: number): Promise<string[]> =>
    (await numbers().pickFreeNumbers(count, DEFAULT_SHUFFLE_VANITY_IDS, NOW, Math.random)).map((n) => n.msisdn)) as NumbersHelper<
    T,
    (count: number) => Promise<string[]>
  >;
  const firstOperator = (async (): Promise<string> => {
    const [op] = await numbers().listOperators();
    if (!op) throw new Error('the seed has no operator');
    return op.code;
  }) as NumbersHelper<T, () => Promise<string>>;
  /** External numbers of other operators, unique per call. */
  const externalNumber = (): string => `97155${String(9_000_000 + (external += 1)).padStart(7, '0')}`;
  return { current, newUser, newSession, freeNumbers, firstOperator, externalNumber };
}

export type ContractFixtures<T extends SessionRepository> = ReturnType<typeof contractFixtures<T>>;

/**
 * The repository as a suite's tests reach it: every call goes to the database open at that
 * moment, so a suite can name it while its tests are declared, before `impl.open` has run.
 */
function liveRepository<T extends object>(current: () => RepositoryUnderTest<T>): T {
  return new Proxy({} as T, {
    get: (_, key) => {
      const target = current().repos;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
    has: (_, key) => key in current().repos,
  });
}

/**
 * One repository's contract suite against one implementation: `<repository> contract: <name>`,
 * the implementation opened (migrated and seeded) before the suite's tests and disposed of after
 * them, and `body` handed the repository under test and the set-up helpers. The same body runs
 * against SQLite today and against any other implementation handed in later.
 */
export function describeRepositoryContract<T extends SessionRepository>(
  repository: string,
  name: string,
  impl: RepositoryImplementation<T>,
  body: (repos: T, fixtures: ContractFixtures<T>) => void,
): void {
  describe(`${repository} contract: ${name}`, () => {
    const fixtures = contractFixtures(impl);
    body(liveRepository(fixtures.current), fixtures);
  });
}
