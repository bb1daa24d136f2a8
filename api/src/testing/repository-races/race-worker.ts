import { parentPort } from 'node:worker_threads';
import type { NewOrder } from '../../modules/fulfilment/repository';
import type { NewPayment } from '../../modules/payment/repository';
import type { Repositories } from '../../repositories';
import type { RaceAnswer, RaceJob, RaceWorkerData } from './race-protocol';
import { documentOf, identityFor } from '../verified-buyer';
import { STARTER_CARD_PAYMENT } from '../starter-payment';

/** How long a worker spins at the barrier before it sleeps instead. */
const SPIN_MS = 20;

/**
 * Waits until every worker has reached round `r` (a barrier on a shared counter). It spins
 * first: a sleeping thread wakes late, after the others are done, and there would be no race
 * left to lose. Past SPIN_MS it sleeps, so early workers do not starve a late one of the CPU.
 */
function meet(barrier: Int32Array, r: number, workers: number): void {
  if (Atomics.add(barrier, r, 1) + 1 === workers) {
    Atomics.notify(barrier, r);
    return;
  }
  const spinUntil = performance.now() + SPIN_MS;
  for (let seen = Atomics.load(barrier, r); seen < workers; seen = Atomics.load(barrier, r)) {
    if (performance.now() > spinUntil) Atomics.wait(barrier, r, seen, 5);
  }
}

/** An order of `uid` of the worker's own (the worker's round user names it). */
async function raceOrder(repos: Repositories, uid: string, owner: string, now: number): Promise<NewOrder> {
  const tag = owner.replace(/[^A-Za-z0-9]/g, '');
  return {
    // The buyer passed the identity check before the race (describe-races.ts).
    ...(await identityFor(repos, uid, now)),
    id: `ord_${tag}`,
    uid,
    orderNumber: `JO-${tag}`,
    kind: 'pickup',
    status: 'received',
    delivery: null,
    storeId: 'yas-mall',
    amountDueFils: 0,
    msisdn: '971581234567',
    eta: null,
    createdAt: now,
  };
}

/** A payment attempt of `uid` under a key of its own (the worker's round user names it), for the plan and hold `uid` has. */
async function racePayment(repos: Repositories, uid: string, keyOwner: string, now: number): Promise<NewPayment> {
  const saved = await repos.getSavedPlan(uid);
  const hold = await repos.getActiveHold(uid, now);
  if (!saved || !hold) throw new Error(`payer ${uid} has no saved plan or hold`);
  return {
    id: `pay_${keyOwner.replace(/[^A-Za-z0-9]/g, '')}`,
    uid,
    ...STARTER_CARD_PAYMENT,
    idempotencyKey: `key-${keyOwner}`,
    requestHash: keyOwner,
    msisdn: '971580000001',
    email: 'race@example.com',
    order: { savedPlanId: saved.id, reservationId: hold.reservationId, planIds: saved.planIds, boosterIds: [], promotionKeys: [], promoCode: null, price: saved.price },
    holdUntil: hold.heldUntil,
    document: await documentOf(repos, uid),
    createdAt: now,
  };
}

async function run(repos: Repositories, job: RaceJob): Promise<string[]> {
  const barrier = new Int32Array(job.barrier);
  const results: string[] = [];
  for (const [r, round] of job.rounds.entries()) {
    // Prepared before the barrier: the race is the start itself.
    const attempt = job.kind === 'payment' ? await racePayment(repos, round.target, round.uid, job.now) : null;
    meet(barrier, r, job.workers);
    if (job.kind === 'order') {
      const placed = await repos.placeOrder(await raceOrder(repos, round.target, round.uid, job.now), false);
      results.push(placed.created ? 'created' : `existing:${placed.order.id}`);
      continue;
    }
    if (job.kind === 'payment') {
      if (!attempt) throw new Error('no payment prepared');
      const started = await repos.startPayment(attempt);
      results.push(started.kind);
      continue;
    }
    const result =
      job.kind === 'number'
        ? await repos.reserveNumber(round.uid, round.target, job.now, job.heldUntil, job.policy)
        : await repos.reserveTransfer(
            round.uid,
            { externalMsisdn: round.target, operatorCode: job.operatorCode },
            job.now,
            job.heldUntil,
            job.policy,
            Math.random,
          );
    results.push(result.kind);
  }
  return results;
}

export async function runRaceWorker(data: RaceWorkerData): Promise<void> {
  const port = parentPort;
  if (!port) throw new Error('not a worker thread');
  const send = (answer: RaceAnswer) => port.postMessage(answer);
  const { connectRepositories } = (await import(data.connectModule)) as { connectRepositories: (location: string) => Promise<Repositories> };
  const repos = await connectRepositories(data.location);
  port.on('message', (job: RaceJob | 'close') => {
    if (job === 'close') {
      void repos.close().then(() => port.close());
      return;
    }
    run(repos, job).then(
      (results) => send({ kind: 'results', results }),
      (e: unknown) => send({ kind: 'failed', message: e instanceof Error ? `${e.name}: ${e.message}` : String(e) }),
    );
  });
  send({ kind: 'ready' });
}
