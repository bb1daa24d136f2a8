import { createHttpPortabilityLookup, type PortabilityLookup } from '../modules/numbers';
import { startSandboxesProgram, type SandboxesProgram } from './sandboxes-program';

/**
 * Test support: the number-portability sandbox (the sandboxes program, with its seeded
 * subscribers: sandboxes/README.md lists the fixed ones) started before the describe block's
 * tests and closed after them, and the API's own HTTP client to it. `lookup` may be handed to
 * apps built before the sandbox is up (withTestApp's options): it asks the client of the moment.
 */
export function portabilitySandbox(): { lookup: PortabilityLookup; readonly url: string } {
  let program: SandboxesProgram | null = null;
  let client: PortabilityLookup | null = null;
  beforeAll(async () => {
    program = await startSandboxesProgram(['portability']);
    client = createHttpPortabilityLookup({ url: program.url('portability'), key: program.keys.portability, timeoutMs: 5_000 });
  });
  afterAll(async () => {
    await program?.close();
    program = null;
    client = null;
  });
  return {
    lookup: {
      subscriber(msisdn) {
        if (!client) throw new Error('the portability sandbox is not started: portabilitySandbox() belongs in a describe block');
        return client.subscriber(msisdn);
      },
    },
    get url() {
      return program?.url('portability') ?? '';
    },
  };
}
