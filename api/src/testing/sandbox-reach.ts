import { reachFromOtherInterface } from '@join/fixtures/network';
import { readEnv, type Env } from '../platform/config/env';
import { startSandboxesProgram, type SandboxName } from './sandboxes-program';

/**
 * Test support for "a sandbox is reachable from this machine only": the two cases every sandbox
 * passes (whether another machine could reach its port is @join/fixtures/network's probe, which
 * the sandboxes' own tests use too). Not a test itself, never imported by the server.
 */
/** A provider's setup as the tests drive it: the sandbox's URL when the provider is one. */
type SandboxSetup = (env: Env) => Promise<{ sandbox: string | null }> | { sandbox: string | null };

/**
 * The two cases every provider's sandbox must pass ("Sandboxes only when asked"): with
 * JOIN_SANDBOXES the setup reaches the sandboxes program's sandbox on 127.0.0.1 at its port, which is
 * out of reach of the network; without the setting it uses none, and the error names the
 * provider's URL variable and JOIN_SANDBOXES.
 */
export function describeLoopbackSandbox(name: SandboxName, vars: { port: string; url: string }, setup: SandboxSetup): void {
  describe(`The ${name} sandbox: on this machine only, and only when asked`, () => {
    it('is reached on 127.0.0.1 at its port, where the sandboxes program listens out of reach of the network', async () => {
      const program = await startSandboxesProgram([name]);
      try {
        const port = new URL(program.url(name)).port;
        const { sandbox } = await setup(readEnv({ JOIN_SANDBOXES: '1', HOST: '0.0.0.0', [vars.port]: port }));
        expect(sandbox).toBe(`http://127.0.0.1:${port}`);
        expect((await fetch(`${sandbox}/`)).status).toBeLessThan(500);
        expect(await reachFromOtherInterface(Number(port))).not.toBe('connected');
      } finally {
        await program.close();
      }
    });

    it('uses no sandbox unless JOIN_SANDBOXES asks for it, and says what to set', async () => {
      const env = { ...readEnv({ JOIN_SANDBOXES: '1', HOST: '127.0.0.1', [vars.port]: '9' }), sandboxes: new Set<never>() };
      const started = await Promise.resolve()
        .then(() => setup(env))
        .catch((err: unknown) => (err instanceof Error ? err : new Error(String(err))));
      expect(started).toEqual(expect.objectContaining({ message: expect.stringMatching(new RegExp(`${vars.url}.*JOIN_SANDBOXES`)) }));
    });
  });
}
