import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { DEFAULT_SHUFFLE_VANITY_IDS } from '@join/shared/contract';
import type { SessionRepository } from '../../platform/sessions/repository';
import type { AccountRepository } from '../../modules/account/repository';
import type { CatalogueRepository } from '../../modules/catalogue/repository';
import type { FulfilmentRepository } from '../../modules/fulfilment/repository';
import type { IdentityRepository } from '../../modules/identity/repository';
import type { NumbersRepository } from '../../modules/numbers/repository';
import type { PaymentRepository } from '../../modules/payment/repository';
import { HOLD_MS, NOW, POLICY, price, type RepositoryImplementation, type RepositoryUnderTest } from '../repository-contract';
import { verifiedBuyer } from '../verified-buyer';
import type { RaceAnswer, RaceJob, RaceRound, RaceWorkerData } from './race-protocol';

/** Several connections, one per worker thread, race for the same numbers, round after round. */
/** What the races set up and check through (the workers themselves connect a whole Repositories). */
export type RaceSubject = SessionRepository &
  AccountRepository &
  CatalogueRepository &
  NumbersRepository &
  IdentityRepository &
  PaymentRepository &
  FulfilmentRepository;

export function describeRaces(impl: RepositoryImplementation<RaceSubject>, current: () => RepositoryUnderTest<RaceSubject>, kinds: readonly RaceJob['kind'][]): void {
  describe('races across separate connections', () => {
    /** The races of this suite's repository only (each suite opens its own database and workers). */
    const race_ =
      (kind: RaceJob['kind']) =>
      (title: string, test: () => Promise<void>, timeout: number): void => {
        if (kinds.includes(kind)) it(title, test, timeout);
      };
    // Measured on 2 shared cores: with 4 workers and 60 rounds a check-then-act claim lost
    // 9 to 16 rounds a run (3 workers and 40 rounds sometimes none); each race takes ~1.5 s.
    const WORKERS = 4;
    const ROUNDS = 60;
    const TRANSFER_ROUNDS = 30;
    let workers: Worker[] = [];
    let serial = 0;

    const answer = (w: Worker) =>
      new Promise<RaceAnswer>((resolve, reject) => {
        w.once('message', resolve);
        w.once('error', reject);
      });

    beforeAll(async () => {
      const data: RaceWorkerData = { connectModule: impl.connectModule, location: current().location };
      workers = Array.from({ length: WORKERS }, () => new Worker(join(__dirname, 'race-worker-boot.mjs'), { workerData: data }));
      const ready = await Promise.all(workers.map(answer));
      expect(ready.every((a) => a.kind === 'ready')).toBe(true);
    }, 30_000);
    afterAll(async () => {
      await Promise.all(
        workers.map(
          (w) =>
            new Promise<void>((resolve) => {
              w.once('exit', () => resolve());
              w.postMessage('close');
            }),
        ),
      );
    });

    /** A new user `<prefix>-<n>`, on the device `<prefix>-device-<n>`. */
    async function newUser(prefix: string): Promise<string> {
      serial += 1;
      return (await current().repos.findOrCreateUser(`${prefix}-device-${serial}`, `${prefix}-${serial}`, NOW)).uid;
    }

    /** A new user per round, each made ready by `prepare`. */
    async function usersFor(rounds: number, prefix: string, prepare: (uid: string) => Promise<unknown>): Promise<string[]> {
      const ready: string[] = [];
      for (let r = 0; r < rounds; r += 1) {
        const uid = await newUser(prefix);
        await prepare(uid);
        ready.push(uid);
      }
      return ready;
    }

    /** Runs the rounds in every worker at once; answers each worker's result per round. */
    async function race(kind: RaceJob['kind'], targets: string[]): Promise<{ users: string[][]; results: string[][] }> {
      const repos = current().repos;
      const users: string[][] = [];
      for (let w = 0; w < WORKERS; w += 1) {
        users.push(await usersFor(targets.length, 'race', async () => undefined));
      }
      const [operator] = await repos.listOperators();
      const barrier = new SharedArrayBuffer(4 * targets.length);
      const results = await Promise.all(
        workers.map((worker, w) => {
          const rounds: RaceRound[] = targets.map((target, r) => ({ uid: users[w]?.[r] ?? '', target }));
          const job: RaceJob = {
            kind,
            barrier,
            workers: WORKERS,
            rounds,
            now: NOW,
            heldUntil: NOW + HOLD_MS,
            policy: POLICY,
            operatorCode: operator?.code ?? '',
          };
          const done = answer(worker);
          worker.postMessage(job);
          return done;
        }),
      );
      return {
        users,
        results: results.map((a) => {
          if (a.kind !== 'results') throw new Error(`a worker failed: ${a.kind === 'failed' ? a.message : a.kind}`);
          return a.results;
        }),
      };
    }

    /** Per round: which worker won, and what the others heard. */
    function outcomes(results: string[][], rounds: number): { winners: number[]; losers: string[] }[] {
      return Array.from({ length: rounds }, (_, r) => {
        const kinds = results.map((rs) => rs[r] ?? 'missing');
        return { winners: kinds.flatMap((k, w) => (k === 'reserved' ? [w] : [])), losers: kinds.filter((k) => k !== 'reserved') };
      });
    }

    race_('number')('lets exactly one connection reserve a number, the others hear "taken", and the winner holds it', async () => {
      const targets = await current().repos.pickFreeNumbers(ROUNDS, DEFAULT_SHUFFLE_VANITY_IDS, NOW, Math.random);
      expect(targets).toHaveLength(ROUNDS);
      const { users, results } = await race(
        'number',
        targets.map((t) => t.msisdn),
      );
      const per = outcomes(results, ROUNDS);
      expect(per.map((o) => o.winners.length)).toEqual(Array(ROUNDS).fill(1));
      expect(per.flatMap((o) => o.losers)).toEqual(Array(ROUNDS * (WORKERS - 1)).fill('taken'));
      for (const [r, o] of per.entries()) {
        const winner = users[o.winners[0] ?? -1]?.[r] ?? '';
        expect((await current().repos.getActiveHold(winner, NOW))?.msisdn).toBe(targets[r]?.msisdn);
      }
    }, 30_000);

    race_('payment')('lets exactly one connection start a payment of a user, the others hear "in_progress"', async () => {
      const repos = current().repos;
      const payers = await usersFor(TRANSFER_ROUNDS, 'payer', async (uid) => {
        // A payment records the plan and the hold it buys.
        const [n] = await repos.pickFreeNumbers(1, DEFAULT_SHUFFLE_VANITY_IDS, NOW, Math.random);
        await repos.reserveNumber(uid, n?.msisdn ?? '', NOW, NOW + HOLD_MS, POLICY);
        await repos.replaceSavedPlan(uid, { productCode: 187, planIds: [1871], boosterIds: [], promotionKeys: [], promoCode: null, price: price(35), appliedPromotions: [] }, NOW);
        // ...and the verified document it is sold to.
        await verifiedBuyer(repos, uid, 'esim', NOW);
      });
      const { results } = await race('payment', payers);
      const per = Array.from({ length: TRANSFER_ROUNDS }, (_, r) => results.map((rs) => rs[r] ?? 'missing'));
      expect(per.map((kinds) => kinds.filter((k) => k === 'created').length)).toEqual(Array(TRANSFER_ROUNDS).fill(1));
      expect(per.flatMap((kinds) => kinds.filter((k) => k !== 'created'))).toEqual(Array(TRANSFER_ROUNDS * (WORKERS - 1)).fill('in_progress'));
      for (const uid of payers) expect((await repos.getOpenPayment(uid))?.uid).toBe(uid);
    }, 30_000);

    race_('order')('lets exactly one connection place the order of a user, the others are answered that order', async () => {
      const repos = current().repos;
      const buyers = await usersFor(TRANSFER_ROUNDS, 'buyer', (buyer) => verifiedBuyer(repos, buyer, 'physical', NOW));
      const { results } = await race('order', buyers);
      for (let r = 0; r < TRANSFER_ROUNDS; r += 1) {
        const kinds = results.map((rs) => rs[r] ?? 'missing');
        expect(kinds.filter((k) => k === 'created')).toHaveLength(1);
        const stored = await repos.getOrder(buyers[r] ?? '');
        expect(kinds.filter((k) => k !== 'created')).toEqual(Array(WORKERS - 1).fill(`existing:${stored?.id ?? '?'}`));
      }
    }, 30_000);

    race_('transfer')('lets exactly one connection start the transfer of an external number, the others hear "in_transfer"', async () => {
      const targets = Array.from({ length: TRANSFER_ROUNDS }, (_, r) => `97155${String(8_000_000 + r).padStart(7, '0')}`);
      const { users, results } = await race('transfer', targets);
      const per = outcomes(results, TRANSFER_ROUNDS);
      expect(per.map((o) => o.winners.length)).toEqual(Array(TRANSFER_ROUNDS).fill(1));
      expect(per.flatMap((o) => o.losers)).toEqual(Array(TRANSFER_ROUNDS * (WORKERS - 1)).fill('in_transfer'));
      for (const [r, o] of per.entries()) {
        expect(await current().repos.getTransferHolder(targets[r] ?? '', NOW)).toBe(users[o.winners[0] ?? -1]?.[r]);
      }
    }, 30_000);
  });
}
