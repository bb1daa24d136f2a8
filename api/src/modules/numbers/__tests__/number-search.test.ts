import Database from 'better-sqlite3';
import { ApiErrorBody, NumberSearchResponse, SEARCH_DEFAULT_VANITY_LEVELS, type NumberSearchBody } from '@join/shared/contract';
import { createTestApp, form, type TestApp, type Visitor } from '../../../testing/harness';

/**
 * Search results are checked against a brute-force filter of the whole (test) pool, page by
 * page, so the index path, the scan path and paging must all agree with the plain meaning.
 */
describe('number search', () => {
  let t: TestApp;
  let alice: Visitor;
  let bob: Visitor;
  let pool: { msisdn: string; level: number }[];
  beforeAll(async () => {
    t = await createTestApp({ rateLimit: { searchMax: 10_000 } });
    [alice, bob] = [await t.login(), await t.login()];
    const db = new Database(t.dbFile, { readonly: true });
    pool = db.prepare('SELECT msisdn, vanity_level AS level FROM numbers ORDER BY rowid').all() as typeof pool;
    db.close();
  });
  afterAll(() => t.close());

  type Body = Partial<Record<keyof NumberSearchBody, string | number>>;
  const search = (v: Visitor, body: Body) => t.app.inject({ method: 'POST', url: '/api/numbers/search', ...form(v.headers, body) });
  const page = async (body: Body, v = alice) => {
    const res = await search(v, body);
    expect(res.statusCode).toBe(200);
    return NumberSearchResponse.parse(res.json());
  };
  /** Every page until has_more is false, concatenated. */
  const allPages = async (body: Body, perPage = 50): Promise<string[]> => {
    const found: string[] = [];
    for (let p = 1; ; p++) {
      const res = await page({ ...body, per_page: perPage, page: p });
      expect(res.numbers.length).toBeLessThanOrEqual(perPage);
      found.push(...res.numbers.map((n) => n.MSISDN));
      if (!res.has_more) return found;
      expect(res.numbers).toHaveLength(perPage);
    }
  };
  const expected = (pattern: string, match: 'contains' | 'ends_with', levels: readonly number[] = SEARCH_DEFAULT_VANITY_LEVELS) =>
    pool
      .filter((n) => levels.includes(n.level))
      .filter((n) => (match === 'contains' ? n.msisdn.slice(5).includes(pattern) : n.msisdn.endsWith(pattern)))
      .map((n) => n.msisdn);

  it.each([
    ['7', 'contains'],
    ['7', 'ends_with'],
    ['42', 'contains'],
    ['42', 'ends_with'],
    ['123', 'contains'],
    ['123', 'ends_with'],
    ['0000', 'contains'],
    ['90', 'ends_with'],
    ['5555', 'contains'],
  ] as const)('finds exactly the numbers that %s %s, in a stable order', async (pattern, match) => {
    const want = expected(pattern, match);
    expect(want.length).toBeGreaterThan(0);
    expect(await allPages({ pattern, match })).toEqual(want);
  });

  it('tells contains from ends_with', async () => {
    const contains = await allPages({ pattern: '42', match: 'contains' });
    const endsWith = await allPages({ pattern: '42', match: 'ends_with' });
    expect(endsWith.every((n) => n.endsWith('42'))).toBe(true);
    expect(contains.some((n) => !n.endsWith('42'))).toBe(true);
    expect(contains).toEqual(expect.arrayContaining(endsWith));
  });

  it('matches the subscriber digits only, not the 97158 prefix', async () => {
    expect(await allPages({ pattern: '158', match: 'contains' })).toEqual(expected('158', 'contains'));
    expect((await page({ pattern: '9715812', match: 'contains' })).numbers.every((n) => n.MSISDN.slice(5).includes('9715812'))).toBe(true);
  });

  it('finds one exact number by all seven digits', async () => {
    const target = pool[123]!.msisdn;
    expect((await page({ pattern: target.slice(5) })).numbers.map((n) => n.MSISDN)).toEqual([target]);
    expect((await page({ pattern: target.slice(5), match: 'ends_with' })).numbers.map((n) => n.MSISDN)).toEqual([target]);
  });

  it.each([
    ['diamond', [6]],
    ['red', [10]],
    ['gold and bronze', [3, 4]],
    ['basic', [1, 2]],
  ] as const)('filters by tier: %s', async (_name, levels) => {
    const ids = levels.join(',');
    for (const [pattern, match] of [
      ['', 'contains'],
      ['5', 'contains'],
      ['55', 'contains'],
      ['3', 'ends_with'],
      ['555', 'contains'],
    ] as const) {
      expect(await allPages({ pattern, match, vanity_level_ids: ids })).toEqual(expected(pattern, match, levels));
    }
    const { numbers } = await page({ vanity_level_ids: ids, per_page: 20 });
    expect(numbers.every((n) => (levels as readonly number[]).includes(n.VanityLevelId))).toBe(true);
  });

  it('defaults to every search level, one page of ten, and any number', async () => {
    const res = await page({});
    expect(res).toMatchObject({ page: 1, per_page: 10, has_more: true });
    expect(res.numbers.map((n) => n.MSISDN)).toEqual(pool.slice(0, 10).map((n) => n.msisdn));
    for (const n of res.numbers) expect(n).toMatchObject({ InTransferTo: null, ReservationDate: null, ExpiryDate: null });
  });

  it('pages without overlap and says when there is no next page', async () => {
    const want = expected('12', 'contains');
    const first = await page({ pattern: '12', per_page: 7, page: 1 });
    const second = await page({ pattern: '12', per_page: 7, page: 2 });
    expect(first.has_more).toBe(true);
    expect([...first.numbers, ...second.numbers].map((n) => n.MSISDN)).toEqual(want.slice(0, 14));
    const lastPage = Math.ceil(want.length / 7);
    const last = await page({ pattern: '12', per_page: 7, page: lastPage });
    expect(last).toMatchObject({ page: lastPage, per_page: 7, has_more: false });
    expect(last.numbers.map((n) => n.MSISDN)).toEqual(want.slice((lastPage - 1) * 7));
    expect(await page({ pattern: '12', per_page: 7, page: lastPage + 1 })).toMatchObject({ numbers: [], has_more: false });
    // Exactly one page of matches: has_more is false on it.
    const exact = await page({ pattern: pool[5]!.msisdn.slice(5), per_page: 1 });
    expect(exact).toMatchObject({ has_more: false });
    expect(exact.numbers).toHaveLength(1);
  });

  it('leaves out held numbers, and shows them again once released or expired', async () => {
    const target = pool[40]!.msisdn;
    const find = async () => (await page({ pattern: target.slice(5) }, bob)).numbers.map((n) => n.MSISDN);
    expect(await find()).toEqual([target]);
    await t.app.inject({ method: 'POST', url: '/api/numbers', ...form(alice.headers, { number: target }) });
    expect(await find()).toEqual([]);
    // Not even its holder finds it: search offers free numbers.
    expect((await page({ pattern: target.slice(5) }, alice)).numbers).toEqual([]);
    await t.app.inject({ method: 'DELETE', url: '/api/numbers', ...form(alice.headers, { number: target }) });
    expect(await find()).toEqual([target]);

    await t.app.inject({ method: 'POST', url: '/api/numbers', ...form(alice.headers, { number: target }) });
    expect(await find()).toEqual([]);
    t.clock.advance(15 * 60_000);
    expect(await find()).toEqual([target]);
  });

  it('accepts a JSON body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/numbers/search',
      headers: { ...alice.headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ pattern: '77', match: 'ends_with', per_page: 3, vanity_level_ids: '1,2' }),
    });
    const body = NumberSearchResponse.parse(res.json());
    expect(body.numbers.map((n) => n.MSISDN)).toEqual(expected('77', 'ends_with', [1, 2]).slice(0, 3));
  });

  it.each([
    [{ pattern: 'abc' }, 'body.pattern'],
    [{ pattern: '12345678' }, 'body.pattern'],
    [{ pattern: '+9715' }, 'body.pattern'],
    [{ match: 'starts_with' }, 'body.match'],
    [{ per_page: 0 }, 'body.per_page'],
    [{ per_page: 51 }, 'body.per_page'],
    [{ per_page: 'ten' }, 'body.per_page'],
    [{ page: 0 }, 'body.page'],
    [{ page: 1001 }, 'body.page'],
    [{ vanity_level_ids: '5' }, 'body.vanity_level_ids.0'],
    [{ vanity_level_ids: '1,x' }, 'body.vanity_level_ids'],
    [{ vanity_level_ids: '' }, 'body.vanity_level_ids'],
    [{ total: 1 }, 'body.total'],
  ] as [Body, string][])('rejects %j with 400 on %s', async (body, field) => {
    const res = await search(alice, body);
    expect(res.statusCode).toBe(400);
    expect(ApiErrorBody.parse(res.json())).toMatchObject({ code: 'bad_request', field });
  });
});

describe('number search rate limit', () => {
  it('limits searches per IP', async () => {
    const t = await createTestApp({ rateLimit: { searchMax: 2 } });
    const v = await t.login();
    const search = () => t.app.inject({ method: 'POST', url: '/api/numbers/search', headers: v.headers });
    expect((await search()).statusCode).toBe(200);
    expect((await search()).statusCode).toBe(200);
    const limited = await search();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'rate_limited' });
    await t.close();
  });
});
