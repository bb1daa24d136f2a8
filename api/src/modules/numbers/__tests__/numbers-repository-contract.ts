import { SEARCH_DEFAULT_VANITY_LEVELS } from '@join/shared/contract';
import type { AccountRepository } from '../../account/repository';
import { DEFAULT_PRODUCT_CODE } from '../../catalogue/catalogue';
import type { CatalogueRepository } from '../../catalogue/repository';
import type { FulfilmentRepository } from '../../fulfilment/repository';
import type { IdentityRepository } from '../../identity/repository';
import type { HoldPolicy, NumberRecord, NumberSearch, NumbersRepository } from '../repository';
import type { PaymentRepository } from '../../payment/repository';
import type { SessionRepository } from '../../../platform/sessions/repository';
import { HOLD_MS, NOT_IN_POOL, NOW, POLICY, type RepositoryImplementation, describeRepositoryContract } from '../../../testing/repository-contract';
import { describeRaces } from '../../../testing/repository-races/describe-races';

/** What the suite runs against: the numbers repository, and what its tests set up and observe through. */
export type NumbersContractSubject = NumbersRepository & SessionRepository & AccountRepository & CatalogueRepository & IdentityRepository & PaymentRepository & FulfilmentRepository;

/** The behaviour every NumbersRepository must have, whatever database implements it; its races across separate connections through `impl.connectModule`. */
export function describeNumbersRepositoryContract(name: string, impl: RepositoryImplementation<NumbersContractSubject>): void {
  describeRepositoryContract('NumbersRepository', name, impl, (repos, { current, newUser, freeNumbers, firstOperator, externalNumber }) => {
    describe('number holds', () => {
      it('reserves, extends up to the policy, and refuses a number held by someone else or not in the pool', async () => {
        const alice = await newUser();
        const bob = await newUser();
        const [n] = await freeNumbers(1);
        if (!n) throw new Error('no free number');
        const reserved = await repos.reserveNumber(alice.uid, n, NOW, NOW + HOLD_MS, POLICY);
        expect(reserved).toMatchObject({ kind: 'reserved', hold: { msisdn: n, heldUntil: NOW + HOLD_MS, extensions: 0, committed: false, transfer: null } });
        const id = reserved.kind === 'reserved' ? reserved.hold.reservationId : -1;
        expect(id).toBeGreaterThan(0);
        expect(await repos.getActiveHold(alice.uid, NOW)).toMatchObject({ msisdn: n, reservationId: id });
        expect(await repos.reserveNumber(bob.uid, n, NOW + 1, NOW + HOLD_MS, POLICY)).toEqual({ kind: 'taken' });
        const extended = await repos.reserveNumber(alice.uid, n, NOW + 2, NOW + 2 + HOLD_MS, POLICY);
        expect(extended).toMatchObject({ kind: 'extended', hold: { reservationId: id, extensions: 1, heldUntil: NOW + 2 + HOLD_MS } });
        await repos.reserveNumber(alice.uid, n, NOW + 3, NOW + 3 + HOLD_MS, POLICY);
        expect(await repos.reserveNumber(alice.uid, n, NOW + 4, NOW + 4 + HOLD_MS, POLICY)).toEqual({ kind: 'extension_limit' });
        expect(await repos.reserveNumber(bob.uid, NOT_IN_POOL, NOW, NOW + HOLD_MS, POLICY)).toEqual({ kind: 'unknown' });
      });

      it('applies the anti-hoarding limits from its hold ledger (cooling-off, per number, per device, per address)', async () => {
        const limits = {
          coolOffMs: 10 * 60_000,
          maxHeldPerNumberMs: 40 * 60_000,
          claimsPerWindow: { basic: 3, vip: 1 },
          liveHoldsPerAddress: { basic: 2, vip: 1 },
          windowMs: 24 * 3600_000,
        };
        const policy: HoldPolicy = { ...POLICY, limits };
        const alice = await newUser();
        const [a, b, c, d] = await freeNumbers(4);
        if (!a || !b || !c || !d) throw new Error('no free numbers');
        const from = (address: string, deviceId = alice.deviceId) => ({ deviceId, address });
        expect((await repos.reserveNumber(alice.uid, a, NOW, NOW + HOLD_MS, policy, from('10.0.0.1'))).kind).toBe('reserved');
        expect((await repos.reserveNumber(alice.uid, b, NOW + 1000, NOW + HOLD_MS, policy, from('10.0.0.1'))).kind).toBe('reserved');
        // a was let go at NOW + 1000 by the swap: Alice waits until NOW + 1000 + coolOff.
        expect(await repos.reserveNumber(alice.uid, a, NOW + 2000, NOW + HOLD_MS, policy, from('10.0.0.1'))).toEqual({
          kind: 'cooling_off',
          until: NOW + 1000 + limits.coolOffMs,
        });
        // The same device under another account waits too.
        const sameDevice = await repos.findOrCreateUser(`${alice.deviceId}-account`, `${alice.uid}-account`, NOW);
        expect((await repos.reserveNumber(sameDevice.uid, a, NOW + 2000, NOW + HOLD_MS, policy, from('10.0.0.9', alice.deviceId))).kind).toBe(
          'cooling_off',
        );
        // Two live basic holds from 10.0.0.1 (b, and Bob's c): the third from there is refused.
        const bob = await newUser();
        expect((await repos.reserveNumber(bob.uid, c, NOW + 3000, NOW + HOLD_MS, policy, from('10.0.0.1', bob.deviceId))).kind).toBe('reserved');
        const carol = await newUser();
        expect(await repos.reserveNumber(carol.uid, d, NOW + 3000, NOW + HOLD_MS, policy, from('10.0.0.1', carol.deviceId))).toEqual({
          kind: 'hold_limit',
          limit: 'address',
        });
        expect((await repos.reserveNumber(carol.uid, d, NOW + 3000, NOW + HOLD_MS, policy, from('10.0.0.2', carol.deviceId))).kind).toBe('reserved');
        // Alice's third claim of the day is her last (claimsPerWindow.basic = 3).
        const later = NOW + limits.coolOffMs + 5000;
        await repos.cancelHold(carol.uid, d, later, DEFAULT_PRODUCT_CODE);
        expect((await repos.reserveNumber(alice.uid, d, later, later + HOLD_MS, policy, from('10.0.0.3'))).kind).toBe('reserved');
        await repos.cancelHold(alice.uid, d, later + 1, DEFAULT_PRODUCT_CODE);
        expect(await repos.reserveNumber(alice.uid, a, later + 2, later + HOLD_MS, policy, from('10.0.0.3'))).toEqual({ kind: 'hold_limit', limit: 'claims' });
        // Without limits in the policy, nothing is counted against anyone.
        expect((await repos.reserveNumber(alice.uid, a, later + 3, later + HOLD_MS, POLICY, from('10.0.0.3'))).kind).toBe('reserved');
      });

      it('keeps one hold per user: a new claim releases the old one, a lost one keeps it', async () => {
        const alice = await newUser();
        const bob = await newUser();
        const [a, b] = await freeNumbers(2);
        if (!a || !b) throw new Error('no free numbers');
        await repos.reserveNumber(alice.uid, a, NOW, NOW + HOLD_MS, POLICY);
        await repos.reserveNumber(bob.uid, b, NOW, NOW + HOLD_MS, POLICY);
        // Alice loses b to Bob: her hold of a stays.
        expect(await repos.reserveNumber(alice.uid, b, NOW, NOW + HOLD_MS, POLICY)).toEqual({ kind: 'taken' });
        expect((await repos.getActiveHold(alice.uid, NOW))?.msisdn).toBe(a);
        await repos.cancelHold(bob.uid, b, NOW, DEFAULT_PRODUCT_CODE);
        expect((await repos.reserveNumber(alice.uid, b, NOW, NOW + HOLD_MS, POLICY)).kind).toBe('reserved');
        expect((await repos.getActiveHold(alice.uid, NOW))?.msisdn).toBe(b);
        // a is free again.
        expect((await repos.reserveNumber(bob.uid, a, NOW, NOW + HOLD_MS, POLICY)).kind).toBe('reserved');
      });

      it('frees a number when its hold ends: another user claims it, the sweep clears it', async () => {
        const alice = await newUser();
        const bob = await newUser();
        const [n] = await freeNumbers(1);
        if (!n) throw new Error('no free number');
        await repos.reserveNumber(alice.uid, n, NOW, NOW + 1000, POLICY);
        expect(await repos.getActiveHold(alice.uid, NOW + 1000)).toBeNull();
        expect((await repos.reserveNumber(bob.uid, n, NOW + 1000, NOW + 1000 + HOLD_MS, POLICY)).kind).toBe('reserved');
        const [m] = await freeNumbers(1);
        if (!m) throw new Error('no free number');
        await repos.reserveNumber(alice.uid, m, NOW, NOW + 1000, POLICY);
        expect(await repos.releaseExpiredHolds(NOW + 1001)).toBeGreaterThanOrEqual(1);
        expect(await repos.cancelHold(alice.uid, m, NOW + 2000, DEFAULT_PRODUCT_CODE)).toBe('not_held');
      });

      it('cancels only its own hold, says when it had already ended, and commits a live one', async () => {
        const alice = await newUser();
        const bob = await newUser();
        const [n, m] = await freeNumbers(2);
        if (!n || !m) throw new Error('no free numbers');
        expect(await repos.commitHold(alice.uid, NOW)).toEqual({ kind: 'none' });
        await repos.reserveNumber(alice.uid, n, NOW, NOW + HOLD_MS, POLICY);
        expect(await repos.cancelHold(bob.uid, n, NOW, DEFAULT_PRODUCT_CODE)).toBe('not_held');
        const committed = await repos.commitHold(alice.uid, NOW + 1);
        expect(committed).toMatchObject({ kind: 'committed', hold: { msisdn: n, committed: true, heldUntil: NOW + HOLD_MS } });
        expect(await repos.cancelHold(alice.uid, n, NOW + 2, DEFAULT_PRODUCT_CODE)).toBe('cancelled');
        expect(await repos.getActiveHold(alice.uid, NOW + 2)).toBeNull();
        expect(await repos.cancelHold(alice.uid, n, NOW + 3, DEFAULT_PRODUCT_CODE)).toBe('not_held');
        await repos.reserveNumber(alice.uid, m, NOW, NOW + 1000, POLICY);
        expect(await repos.commitHold(alice.uid, NOW + 1000)).toEqual({ kind: 'expired' });
        expect(await repos.cancelHold(alice.uid, m, NOW + 1000, DEFAULT_PRODUCT_CODE)).toBe('expired');
      });
    });
    describe('number search and the random offer', () => {
      /** Every hold the suite takes has ended by then: the whole pool is free. */
      const LATER = NOW + 30 * 24 * 3600_000;
      /** Every page of a search until a short one, concatenated. */
      const allPages = async (search: Omit<NumberSearch, 'limit' | 'offset'>, now: number, limit = 100): Promise<NumberRecord[]> => {
        const found: NumberRecord[] = [];
        for (let offset = 0; ; offset += limit) {
          const page = await repos.searchFreeNumbers({ ...search, limit, offset }, now);
          found.push(...page);
          if (page.length < limit) return found;
        }
      };
      /** The plain meaning of a search, over a listing of the pool. */
      const filtered = (pool: readonly NumberRecord[], pattern: string, match: NumberSearch['match'], levels: readonly number[]): string[] =>
        pool
          .filter((n) => levels.includes(n.vanityLevel))
          .filter((n) => (match === 'contains' ? n.msisdn.slice(5).includes(pattern) : n.msisdn.endsWith(pattern)))
          .map((n) => n.msisdn);

      it('finds exactly the free numbers that contain or end with a pattern, of the tiers asked, in one stable order', async () => {
        const pool = await allPages({ pattern: '', match: 'contains', vanityLevels: SEARCH_DEFAULT_VANITY_LEVELS }, LATER);
        expect(pool.length).toBeGreaterThan(1000);
        expect(new Set(pool.map((n) => n.msisdn)).size).toBe(pool.length);
        const digits = pool[123]?.msisdn.slice(5) ?? '';
        const searches: [string, NumberSearch['match']][] = [
          ['7', 'contains'],
          ['7', 'ends_with'],
          ['42', 'contains'],
          ['42', 'ends_with'],
          // The 97158 prefix is not searched: only the subscriber digits are.
          ['158', 'contains'],
          [digits.slice(0, 3), 'contains'],
          [digits.slice(2, 6), 'contains'],
          [digits.slice(-3), 'ends_with'],
          [digits, 'contains'],
          [digits, 'ends_with'],
        ];
        for (const levels of [SEARCH_DEFAULT_VANITY_LEVELS, [6, 10], [3, 4], [1, 2]]) {
          for (const [pattern, match] of searches) {
            const want = filtered(pool, pattern, match, levels);
            expect({ pattern, match, levels, found: (await allPages({ pattern, match, vanityLevels: levels }, LATER)).map((n) => n.msisdn) }).toEqual({
              pattern,
              match,
              levels,
              found: want,
            });
          }
        }
        expect(filtered(pool, digits, 'contains', SEARCH_DEFAULT_VANITY_LEVELS)).toEqual([pool[123]?.msisdn]);
        // Pages of another size cut the same order.
        expect((await allPages({ pattern: '12', match: 'contains', vanityLevels: SEARCH_DEFAULT_VANITY_LEVELS }, LATER, 7)).map((n) => n.msisdn)).toEqual(
          filtered(pool, '12', 'contains', SEARCH_DEFAULT_VANITY_LEVELS),
        );
      });

      it('offers and finds free numbers only: a held number is left out until its hold ends', async () => {
        const alice = await newUser();
        const [n] = await freeNumbers(1);
        if (!n) throw new Error('no free number');
        const find = (now: number) => repos.searchFreeNumbers({ pattern: n.slice(5), match: 'ends_with', vanityLevels: SEARCH_DEFAULT_VANITY_LEVELS, limit: 10, offset: 0 }, now);
        expect((await find(NOW)).map((r) => r.msisdn)).toEqual([n]);
        await repos.reserveNumber(alice.uid, n, NOW, NOW + HOLD_MS, POLICY);
        expect(await find(NOW)).toEqual([]);
        expect((await find(NOW + HOLD_MS)).map((r) => r.msisdn)).toEqual([n]);
        const offered = await repos.pickFreeNumbers(50, [1, 2], NOW, Math.random);
        expect(offered.length).toBeGreaterThan(10);
        expect(new Set(offered.map((o) => o.msisdn)).size).toBe(offered.length);
        expect(offered.every((o) => o.msisdn !== n && [1, 2].includes(o.vanityLevel))).toBe(true);
        // A random start at the very end wraps round to the start of the pool.
        expect(await repos.pickFreeNumbers(1, [1, 2], NOW, () => 0.999999)).toHaveLength(1);
        expect(await repos.pickFreeNumbers(3, [6], NOW, Math.random)).toEqual(
          expect.arrayContaining([expect.objectContaining({ vanityLevel: 6 })]),
        );
      });
    });
    describe('transfer holds', () => {
      it('claims a temporary number for an external one, once, and extends or releases it for its holder', async () => {
        const operatorCode = await firstOperator();
        const alice = await newUser();
        const bob = await newUser();
        const ext = externalNumber();
        const got = await repos.reserveTransfer(alice.uid, { externalMsisdn: ext, operatorCode }, NOW, NOW + HOLD_MS, POLICY, Math.random);
        expect(got).toMatchObject({ kind: 'reserved', hold: { transfer: { externalMsisdn: ext, operatorCode } } });
        expect(await repos.getTransferHolder(ext, NOW)).toBe(alice.uid);
        expect(await repos.reserveTransfer(bob.uid, { externalMsisdn: ext, operatorCode }, NOW, NOW + HOLD_MS, POLICY, Math.random)).toEqual({
          kind: 'in_transfer',
        });
        expect((await repos.reserveTransfer(alice.uid, { externalMsisdn: ext, operatorCode }, NOW + 1, NOW + HOLD_MS, POLICY, Math.random)).kind).toBe(
          'extended',
        );
        expect(await repos.cancelHold(alice.uid, ext, NOW + 2, DEFAULT_PRODUCT_CODE)).toBe('cancelled');
        expect(await repos.getTransferHolder(ext, NOW + 2)).toBeNull();
        expect((await repos.reserveTransfer(bob.uid, { externalMsisdn: ext, operatorCode }, NOW + 3, NOW + HOLD_MS, POLICY, Math.random)).kind).toBe(
          'reserved',
        );
      });
    });

    describeRaces(impl, current, ['number', 'transfer']);
  });
}
