import { createInstance, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { fallbackPlugin, retryPlugin } from '../plugins';
import { RemoteUnavailable } from '../remote-unavailable';

/**
 * The runtime plugins against the real Module Federation runtime. Script loading is faked
 * through the runtime's own `loadEntry` hook: a failing load throws the error the runtime's
 * script loader throws when a <script> fails (RUNTIME-008), a good one returns an entry.
 */
function StepComponent() {
  return null;
}
const entryExports = {
  init: () => undefined,
  get: () => () => Promise.resolve({ __esModule: true, default: StepComponent }),
};

function flakyScripts(failures: number): ModuleFederationRuntimePlugin & { attempts: () => number } {
  let attempts = 0;
  return {
    name: 'fake-script-loader',
    attempts: () => attempts,
    async loadEntry() {
      attempts += 1;
      if (attempts <= failures) throw new Error('[ Federation Runtime ]: RUNTIME-008 Failed to load script resources. ScriptNetworkError');
      return entryExports;
    },
  };
}

const noWait = () => Promise.resolve();
let seq = 0;

function host(plugins: ModuleFederationRuntimePlugin[]) {
  seq += 1;
  const remote = `join_fake${seq}`;
  const mf = createInstance({
    name: `host_test${seq}`,
    remotes: [{ name: remote, entry: `http://remote.test/${remote}/remoteEntry.js` }],
    plugins,
  });
  return { load: () => mf.loadRemote<{ default: unknown; __fallback?: boolean }>(`${remote}/Step`) };
}

beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

describe('retry plugin: remoteEntry scripts', () => {
  it('a script that fails once loads on the retry', async () => {
    const scripts = flakyScripts(1);
    const mod = await host([retryPlugin({ retries: 2, delayMs: 10, wait: noWait }), scripts]).load();
    expect(mod?.default).toBe(StepComponent);
    expect(scripts.attempts()).toBe(2);
  });

  it('waits longer before each next attempt (backoff)', async () => {
    const waits: number[] = [];
    const scripts = flakyScripts(2);
    await host([retryPlugin({ retries: 2, delayMs: 100, wait: async (ms) => void waits.push(ms) }), scripts]).load();
    expect(waits).toEqual([100, 200]);
    expect(scripts.attempts()).toBe(3);
  });

  it('gives up after N retries; the fallback module then stands in for the step', async () => {
    const scripts = flakyScripts(99);
    const failed = jest.fn();
    const mod = await host([retryPlugin({ retries: 2, delayMs: 0, wait: noWait }), scripts, fallbackPlugin(failed)]).load();
    expect(scripts.attempts()).toBe(3);
    expect(mod?.default).toBe(RemoteUnavailable);
    expect(mod?.__fallback).toBe(true);
    expect(failed).toHaveBeenCalledWith(expect.stringMatching(/\/Step$/), expect.any(Error));
  });

  it('without the retry plugin a failing script is not tried again', async () => {
    const scripts = flakyScripts(1);
    await expect(host([scripts]).load()).rejects.toThrow(/RUNTIME-008/);
    expect(scripts.attempts()).toBe(1);
  });
});

describe('retry plugin: manifest fetches', () => {
  // jsdom has no Response; the plugin reads only ok and status.
  const answer = (status: number) => ({ ok: status < 400, status }) as Response;
  const fetchHook = (opts: Parameters<typeof retryPlugin>[0]) => {
    const hook = retryPlugin(opts).fetch;
    if (!hook) throw new Error('no fetch hook');
    return (url: string) => hook(url, {});
  };

  it('a fetch that fails once (network, then 503) succeeds on the retry', async () => {
    const fetchMock = jest
      .fn<Promise<Response>, [string, RequestInit]>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(answer(503))
      .mockResolvedValueOnce(answer(200));
    global.fetch = fetchMock as unknown as typeof fetch;
    const res = await fetchHook({ retries: 2, delayMs: 0, wait: noWait })('http://remote.test/mf-manifest.json');
    expect(res).toMatchObject({ ok: true, status: 200 });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('gives up after N retries with the last error', async () => {
    const fetchMock = jest.fn<Promise<Response>, [string, RequestInit]>().mockResolvedValue(answer(404));
    global.fetch = fetchMock as unknown as typeof fetch;
    await expect(fetchHook({ retries: 2, delayMs: 0, wait: noWait })('http://remote.test/mf-manifest.json')).rejects.toThrow('HTTP 404');
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });
});

describe('fallback plugin', () => {
  const errorLoadRemote = (lifecycle: string) => {
    const hook = fallbackPlugin(() => undefined).errorLoadRemote;
    if (!hook) throw new Error('no errorLoadRemote hook');
    return hook({ id: 'join_x/Step', error: new Error('x'), lifecycle } as Parameters<typeof hook>[0]);
  };

  it('gives a fallback module only for a failed module load (onLoad)', async () => {
    await expect(errorLoadRemote('onLoad')).resolves.toMatchObject({ default: RemoteUnavailable, __fallback: true });
  });

  it.each(['beforeRequest', 'afterResolve', 'beforeLoadShare'])('lets a %s failure surface (no second React)', async (lifecycle) => {
    await expect(errorLoadRemote(lifecycle)).resolves.toBeUndefined();
  });
});
