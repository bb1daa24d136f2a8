import { endpoints, type ApiClient, type RequestOptions } from '@join/shared';
import type { z } from 'zod';
import { accountEndpoints } from '../account/endpoints';
import { deliveryEndpoints } from '../delivery/endpoints';
import { helpEndpoints } from '../help/endpoints';
import { identityEndpoints } from '../identity/endpoints';
import { numberEndpoints } from '../numbers/endpoints';
import { paymentEndpoints } from '../payment/endpoints';
import { planEndpoints } from '../plans/endpoints';

/**
 * Which calls change the flow is declared once, on the endpoint (`changesFlow`), and the kernel's
 * client brings the flags up to date after exactly those (shared/src/query/flow-status.ts). This
 * holds every contract's calls to the list: a write that changes the flags and does not say so
 * would leave the guards on old flags; one that says so needlessly costs a read.
 */
type Declared = { call: string; changesFlow: boolean; opensSession: boolean };

function recordingClient(seen: Declared[]): ApiClient {
  return {
    request: <S extends z.ZodType>(method: string, path: string, opts: RequestOptions<S>) => {
      seen.push({ call: `${method} ${path}`, changesFlow: opts.changesFlow === true, opensSession: opts.opensSession === true });
      return Promise.reject(new Error('recorded'));
    },
    loginByDeviceId: () => Promise.reject(new Error('not called')),
    onFlowChange: () => () => undefined,
    preload: () => undefined,
  };
}

/** Calls every endpoint function of a contract with stand-in arguments; a call that fails before it is sent is not recorded. */
async function declarationsOf(make: (c: ApiClient) => Record<string, (...args: never[]) => Promise<unknown>>): Promise<Declared[]> {
  const seen: Declared[] = [];
  const contract = make(recordingClient(seen));
  for (const fn of Object.values(contract)) {
    const args = [25.2, 55.3, 'en', 2] as unknown as never[];
    await Promise.resolve()
      .then(() => fn(...args))
      .catch(() => undefined);
  }
  return seen;
}

const FLOW_WRITES = [
  'POST /me/flow_status',
  'POST /me/flow_back',
  'POST /securitymanagement/validate_verification_code',
  'POST /securitymanagement/login',
  'POST /securitymanagement/set_password',
  'POST /securitymanagement/social_login',
  'GET /securitymanagement/check_location.json',
  'POST /me/activation_method',
  'POST /me/id_details',
  'POST /me/delivery',
  'POST /me/pickup',
  'POST /me/esim',
];
const LOGINS = ['POST /securitymanagement/validate_verification_code', 'POST /securitymanagement/login', 'POST /securitymanagement/social_login'];

describe('the calls that change the flow, as the contracts declare them', () => {
  let all: Declared[] = [];
  beforeAll(async () => {
    const contracts = [endpoints, accountEndpoints, deliveryEndpoints, helpEndpoints, identityEndpoints, numberEndpoints, paymentEndpoints, planEndpoints];
    for (const make of contracts) all.push(...(await declarationsOf(make as never)));
    all = all.filter((d, i) => all.findIndex((o) => o.call === d.call) === i);
  });

  it('declare exactly the flow writes', () => {
    expect(all.length).toBeGreaterThan(30);
    expect(all.filter((d) => d.changesFlow).map((d) => d.call).sort()).toEqual([...FLOW_WRITES].sort());
  });

  it('the payment calls are none of them: the paid flag reaches the page on the receipt, never on the payment page', () => {
    const payment = all.filter((d) => d.call.includes('/payment/'));
    expect(payment.length).toBeGreaterThan(3);
    expect(payment.filter((d) => d.changesFlow)).toEqual([]);
  });

  it('the logins open a session, and only they', () => {
    expect(all.filter((d) => d.opensSession).map((d) => d.call).sort()).toEqual([...LOGINS].sort());
  });
});
