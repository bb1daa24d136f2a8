import { ApiError } from '../../errors/api-error';
import { bus } from '../../bus';
import { createQueryClient, isTransientFailure, retryDelay } from '../query-client';

const network = () => new ApiError('Network error', { code: null, status: null });
const http = (status: number, code: number | string | null = null) => new ApiError(`HTTP ${status}`, { code, status });

// Retries wait retryDelay (0.5 s, 1 s): fake timers make them instant and countable.
beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

async function attemptsOf(key: readonly unknown[], error: unknown): Promise<number> {
  const client = createQueryClient();
  const fn = jest.fn(async () => {
    throw error;
  });
  const done = client.fetchQuery({ queryKey: key, queryFn: fn }).catch(() => undefined);
  await jest.runAllTimersAsync();
  await done;
  return fn.mock.calls.length;
}

describe('query retry rules', () => {
  it('retries network failures and 5xx twice', async () => {
    expect(await attemptsOf(['plan', 'products'], network())).toBe(3);
    expect(await attemptsOf(['plan', 'products'], http(503))).toBe(3);
  });

  it('never retries a 4xx, an answer with an API error code, or a bug', async () => {
    expect(await attemptsOf(['plan', 'products'], http(404))).toBe(1);
    expect(await attemptsOf(['number', 'search'], http(500, -2015))).toBe(1);
    expect(await attemptsOf(['plan', 'products'], new TypeError('x is undefined'))).toBe(1);
    expect(isTransientFailure(http(409, 'flow_order'))).toBe(false);
  });

  it('never retries anything payment, even a network failure', async () => {
    expect(await attemptsOf(['payment', 'status', 7], network())).toBe(1);
  });

  it('never retries a mutation', async () => {
    const client = createQueryClient();
    const fn = jest.fn(async () => {
      throw network();
    });
    const done = client.getMutationCache().build(client, { mutationFn: fn }).execute(undefined).catch(() => undefined);
    await jest.runAllTimersAsync();
    await done;
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('backs off', () => {
    expect([0, 1, 2, 3, 4].map(retryDelay)).toEqual([500, 1000, 2000, 4000, 4000]);
  });

  it('shows a final failure as the catalogue pop-up only when the query names its source', async () => {
    const raised: unknown[] = [];
    const off = bus.on('error:raised', (e) => raised.push(e.source));
    const client = createQueryClient();
    const fail = async () => {
      throw http(400, 'bad_request');
    };
    await client.fetchQuery({ queryKey: ['plan', 'a'], queryFn: fail, meta: { errorSource: 'plan' } }).catch(() => undefined);
    await client.fetchQuery({ queryKey: ['plan', 'b'], queryFn: fail }).catch(() => undefined);
    off();
    expect(raised).toEqual(['plan']);
  });

  it('asks once for two readers of the same key (de-duplication) and serves the cache after', async () => {
    const client = createQueryClient();
    const fn = jest.fn(async () => 42);
    const [a, b] = await Promise.all([client.fetchQuery({ queryKey: ['plan', 'x'], queryFn: fn }), client.fetchQuery({ queryKey: ['plan', 'x'], queryFn: fn })]);
    expect([a, b]).toEqual([42, 42]);
    expect(await client.fetchQuery({ queryKey: ['plan', 'x'], queryFn: fn })).toBe(42);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
