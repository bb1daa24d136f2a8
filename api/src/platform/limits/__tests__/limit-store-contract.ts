import { randomBytes } from 'node:crypto';
import { claimOnce, dayEnd, type LimitStore } from '../limit-store';

/** A store under test, and (for a shared store) a second instance on the same database, as another API process would hold. */
export interface LimitStoreUnderTest {
  store: LimitStore;
  /** Another instance counting in the same place (its own pool); null for a store of one process. */
  other: LimitStore | null;
  dispose(): Promise<void>;
}

const NOW = Date.UTC(2026, 0, 15, 10, 0, 0);
const MINUTE = 60_000;
let keys = 0;
/** A key no other test of the run has used (the PostgreSQL suite shares one database across its tests). */
const fresh = (what: string) => `${what}:${process.pid}:${(keys += 1)}:${randomBytes(3).toString('hex')}`;

/** The behaviour every LimitStore must have, in memory or in PostgreSQL. */
export function describeLimitStoreContract(name: string, open: () => Promise<LimitStoreUnderTest>): void {
  describe(`LimitStore contract (${name})`, () => {
    let sut: LimitStoreUnderTest;
    let store: LimitStore;
    beforeAll(async () => {
      sut = await open();
      store = sut.store;
    });
    afterAll(() => sut.dispose());

    describe('fixed windows', () => {
      it('counts hits in the window that the first one started, then starts a new one once it has ended', async () => {
        const key = fresh('w');
        expect(await store.hit(key, MINUTE, NOW)).toEqual({ count: 1, resetAt: NOW + MINUTE });
        expect(await store.hit(key, MINUTE, NOW + 10_000)).toEqual({ count: 2, resetAt: NOW + MINUTE });
        expect(await store.hit(key, MINUTE, NOW + MINUTE - 1)).toEqual({ count: 3, resetAt: NOW + MINUTE });
        expect(await store.hit(key, MINUTE, NOW + MINUTE)).toEqual({ count: 1, resetAt: NOW + 2 * MINUTE });
      });

      it('keeps each key apart, and counts an amount at once', async () => {
        const [a, b] = [fresh('a'), fresh('b')];
        await store.hit(a, MINUTE, NOW);
        await store.hit(a, MINUTE, NOW);
        expect((await store.hit(b, MINUTE, NOW)).count).toBe(1);
        expect((await store.hit(a, MINUTE, NOW, 5)).count).toBe(7);
        expect((await store.hit(b, MINUTE, NOW, 0)).count).toBe(1);
      });

      it('peeks at a live window without counting; an ended or unknown one is none', async () => {
        const key = fresh('p');
        expect(await store.peek(key, NOW)).toBeNull();
        await store.hit(key, MINUTE, NOW);
        await store.hit(key, MINUTE, NOW + 1);
        expect(await store.peek(key, NOW + 2)).toEqual({ count: 2, resetAt: NOW + MINUTE });
        expect(await store.peek(key, NOW + 3)).toEqual({ count: 2, resetAt: NOW + MINUTE });
        expect(await store.peek(key, NOW + MINUTE)).toBeNull();
      });

      it('counts hits that arrive together once each: every count from 1 to n is answered once', async () => {
        const key = fresh('race');
        const stores = sut.other ? [store, sut.other] : [store];
        const counts = await Promise.all(Array.from({ length: 40 }, (_, i) => stores[i % stores.length]!.hit(key, MINUTE, NOW)));
        expect(counts.map((c) => c.count).sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
        expect(new Set(counts.map((c) => c.resetAt))).toEqual(new Set([NOW + MINUTE]));
      });

      it('claims a used-once key once until it expires', async () => {
        const key = fresh('once');
        expect(await claimOnce(store, key, NOW + MINUTE, NOW)).toBe(true);
        expect(await claimOnce(store, key, NOW + MINUTE, NOW + 1)).toBe(false);
        expect(await claimOnce(store, fresh('once'), NOW, NOW)).toBe(false);
      });
    });

    describe('sets of members with tags (the transfer check)', () => {
      const rules = (u: string, a: string) => [
        { set: u, maxMembers: 2, maxTagsPerMember: 2 },
        { set: a, maxMembers: 3, maxTagsPerMember: Number.POSITIVE_INFINITY },
      ];

      it('takes members up to each set’s limit and tags up to each member’s, a known pair at no cost', async () => {
        const [u, a] = [fresh('u'), fresh('a')];
        expect(await store.addToSets(rules(u, a), 'n1', 'du', 3_600_000, NOW)).toEqual({ added: true });
        expect(await store.addToSets(rules(u, a), 'n1', 'etisalat', 3_600_000, NOW)).toEqual({ added: true });
        expect(await store.addToSets(rules(u, a), 'n1', 'virgin', 3_600_000, NOW)).toEqual({ added: false, set: u, full: 'tags' });
        expect(await store.addToSets(rules(u, a), 'n1', 'du', 3_600_000, NOW)).toEqual({ added: true });
        expect(await store.addToSets(rules(u, a), 'n2', 'du', 3_600_000, NOW)).toEqual({ added: true });
        expect(await store.addToSets(rules(u, a), 'n3', 'du', 3_600_000, NOW)).toEqual({ added: false, set: u, full: 'members' });
      });

      it('takes a member into all the sets or none: a full later set leaves the earlier ones as they were', async () => {
        const [u1, u2, a] = [fresh('u'), fresh('u'), fresh('a')];
        for (const n of ['n1', 'n2', 'n3']) expect((await store.addToSets(rules(fresh('u'), a), n, 'du', 3_600_000, NOW)).added).toBe(true);
        expect(await store.addToSets(rules(u1, a), 'n4', 'du', 3_600_000, NOW)).toEqual({ added: false, set: a, full: 'members' });
        // u1 did not take n4: it still has room for two members of its own.
        expect(await store.addToSets(rules(u1, u2), 'n5', 'du', 3_600_000, NOW)).toEqual({ added: true });
        expect(await store.addToSets(rules(u1, u2), 'n6', 'du', 3_600_000, NOW)).toEqual({ added: true });
        expect((await store.addToSets(rules(u1, u2), 'n7', 'du', 3_600_000, NOW)).added).toBe(false);
      });

      it('lets a member go when its window from the first time it was taken ends (a later tag does not extend it)', async () => {
        const [u, a] = [fresh('u'), fresh('a')];
        await store.addToSets(rules(u, a), 'n1', 'du', 3_600_000, NOW);
        await store.addToSets(rules(u, a), 'n2', 'du', 3_600_000, NOW + 1000);
        await store.addToSets(rules(u, a), 'n1', 'etisalat', 3_600_000, NOW + 2000);
        expect((await store.addToSets(rules(u, a), 'n3', 'du', 3_600_000, NOW + 3_599_999)).added).toBe(false);
        expect(await store.addToSets(rules(u, a), 'n3', 'du', 3_600_000, NOW + 3_600_000)).toEqual({ added: true });
        // n1 came back as a new member: its old tags are gone with it.
        expect(await store.addToSets(rules(u, a), 'n1', 'virgin', 3_600_000, NOW + 3_600_001)).toEqual({ added: false, set: u, full: 'members' });
      });

      it('never lets checks that arrive together past a set’s limit', async () => {
        const a = fresh('a');
        const stores = sut.other ? [store, sut.other] : [store];
        const answers = await Promise.all(
          Array.from({ length: 12 }, (_, i) => stores[i % stores.length]!.addToSets([{ set: a, maxMembers: 5, maxTagsPerMember: 1 }], `n${i}`, 'du', 3_600_000, NOW)),
        );
        expect(answers.filter((x) => x.added)).toHaveLength(5);
      });
    });

    describe('the daily salt', () => {
      it('is the first salt offered for a day, whoever asks; a new day has a new one and the old day’s is gone', async () => {
        const [day1, day2] = ['2031-03-01', '2031-03-02'];
        const first = randomBytes(32);
        expect(await store.dailySalt(day1, first)).toEqual(first);
        const asker = sut.other ?? store;
        expect(await asker.dailySalt(day1, randomBytes(32))).toEqual(first);
        const next = randomBytes(32);
        expect(await asker.dailySalt(day2, next)).toEqual(next);
        expect(await store.dailySalt(day2, randomBytes(32))).toEqual(next);
        // Asked again (a clock behind), the first day has no salt left to give: the one offered now is answered.
        const late = randomBytes(32);
        expect(await store.dailySalt(day1, late)).toEqual(late);
      });

      it('is deleted by the sweep once its day is over', async () => {
        const day = '2031-04-01';
        const salt = randomBytes(32);
        await store.dailySalt(day, salt);
        await store.sweep(dayEnd(day) - 1);
        expect(await store.dailySalt(day, randomBytes(32))).toEqual(salt);
        expect(await store.sweep(dayEnd(day))).toBeGreaterThanOrEqual(1);
        const again = randomBytes(32);
        expect(await store.dailySalt(day, again)).toEqual(again);
      });
    });

    describe('the sweep', () => {
      it('deletes ended windows and expired members, and keeps live ones', async () => {
        const T = NOW + 400 * 24 * 3600_000;
        const [ended, live, u] = [fresh('ended'), fresh('live'), fresh('u')];
        await store.hit(ended, MINUTE, T);
        await store.hit(live, 10 * MINUTE, T);
        await store.addToSets([{ set: u, maxMembers: 1, maxTagsPerMember: 1 }], 'n1', 'du', MINUTE, T);
        expect(await store.sweep(T + MINUTE)).toBeGreaterThanOrEqual(2);
        expect(await store.peek(ended, T + MINUTE)).toBeNull();
        expect(await store.peek(live, T + MINUTE)).toEqual({ count: 1, resetAt: T + 10 * MINUTE });
        expect((await store.hit(ended, MINUTE, T + MINUTE)).count).toBe(1);
        expect(await store.addToSets([{ set: u, maxMembers: 1, maxTagsPerMember: 1 }], 'n2', 'du', MINUTE, T + MINUTE)).toEqual({ added: true });
      });
    });
  });
}
