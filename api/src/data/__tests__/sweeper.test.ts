import Database from 'better-sqlite3';
import { NumbersResponse } from '@join/shared/contract';
import { createTestApp, form } from '../../testing/harness';

const HOUR = 3600_000;

describe('housekeeping sweep', () => {
  it('clears long-expired holds and dead sessions in the background', async () => {
    const t = await createTestApp({ sweepIntervalMs: 10 });
    const v = await t.login();
    const offer = await t.app.inject({ method: 'POST', url: '/api/numbers/random', headers: v.headers });
    const msisdn = NumbersResponse.parse(offer.json()).numbers[0]!.MSISDN;
    await t.app.inject({ method: 'POST', url: '/api/numbers', ...form(v.headers, { number: msisdn }) });

    const db = new Database(t.dbFile, { readonly: true });
    const holder = () => (db.prepare('SELECT holder FROM numbers WHERE msisdn = ?').get(msisdn) as { holder: string | null }).holder;
    const sessions = () => (db.prepare('SELECT COUNT(*) AS n FROM sessions').get() as { n: number }).n;
    await new Promise((r) => setTimeout(r, 40));
    expect(holder()).toBe(v.uid);
    expect(sessions()).toBe(1);

    t.clock.advance(2 * HOUR);
    await new Promise((r) => setTimeout(r, 40));
    expect(holder()).toBeNull();
    expect(sessions()).toBe(0);
    db.close();
    await t.close();
  });
});
