/**
 * @jest-environment node
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { MODULES, moduleForStep, parseModuleRegistry } from '../registry';
import { STEPS, stepForPath } from '../../flow/steps';
import { REMOTE_CONTAINER } from '../../step-contract';

const root = path.resolve(__dirname, '../../../..');
const entry = { name: 'plan', container: 'join_plan', folder: 'mfe-plan', steps: ['plan'], devPort: 3001, budgetKiB: 40 };

describe('the module registry', () => {
  it('lists the plan, number, identity, payment and delivery modules, each owning its step and its routes', () => {
    expect(MODULES.map((m) => [m.name, m.container, m.folder, m.steps])).toEqual([
      ['plan', 'join_plan', 'mfe-plan', ['plan']],
      ['number', 'join_number', 'mfe-number', ['number']],
      ['identity', 'join_identity', 'mfe-identity', ['account', 'location_check', 'activation_method', 'id_check']],
      ['payment', 'join_payment', 'mfe-payment', ['payment']],
      ['delivery', 'join_delivery', 'mfe-delivery', ['submit_delivery', 'thank_you']],
    ]);
    expect(stepForPath('/plan-selection/custom-plan')?.remote).toBe('plan');
    expect(stepForPath('/number/transfer-terms')?.remote).toBe('number');
    expect(stepForPath('/login')?.remote).toBe('identity');
    expect(stepForPath('/login/terminated')?.remote).toBe('identity');
    expect(stepForPath('/activation_method/scan_face')?.remote).toBe('identity');
    expect(stepForPath('/id_check')?.remote).toBe('identity');
    expect(stepForPath('/payment/payfort_token')?.remote).toBe('payment');
    expect(stepForPath('/payment-qr')?.remote).toBe('payment');
    expect(stepForPath('/instalments')?.remote).toBe('payment');
    expect(stepForPath('/submit_delivery')?.remote).toBe('delivery');
    expect(stepForPath('/submit_delivery/details')?.remote).toBe('delivery');
    expect(stepForPath('/submit_delivery/store')?.remote).toBe('delivery');
    expect(stepForPath('/delivery-closed')?.remote).toBe('delivery');
    expect(stepForPath('/thank-you')?.remote).toBe('delivery');
    expect(REMOTE_CONTAINER).toEqual({
      plan: 'join_plan',
      number: 'join_number',
      identity: 'join_identity',
      payment: 'join_payment',
      delivery: 'join_delivery',
    });
  });

  it('is what the step table reads: every step of the flow now has its module (one listed in no deployment is "coming soon")', () => {
    for (const s of STEPS) expect([s.name, s.remote]).toEqual([s.name, moduleForStep(s.name)?.name ?? null]);
    expect(STEPS.filter((s) => s.remote === null).map((s) => s.name)).toEqual([]);
    expect(moduleForStep('submit_delivery')?.name).toBe('delivery');
    expect(moduleForStep('thank_you')?.name).toBe('delivery');
  });

  it("names each module's workspace folder, which builds it with the registry's recipe", () => {
    for (const m of MODULES) {
      const pkg = JSON.parse(readFileSync(path.join(root, m.folder, 'package.json'), 'utf8')) as { name: string; scripts: Record<string, string> };
      expect(pkg.name).toBe(`@join/${m.folder}`);
      expect(Object.keys(pkg.scripts)).toEqual(expect.arrayContaining(['build', 'test', 'lint', 'check-types']));
      expect(readFileSync(path.join(root, m.folder, 'rspack.config.mjs'), 'utf8')).toContain('createRemoteConfig');
      expect(existsSync(path.join(root, m.folder, 'src', 'step.tsx'))).toBe(true);
    }
  });

  it('refuses a malformed or ambiguous registry', () => {
    expect(() => parseModuleRegistry({ modules: [entry] })).not.toThrow();
    expect(() => parseModuleRegistry({ modules: [{ ...entry, steps: ['nope'] }] })).toThrow();
    expect(() => parseModuleRegistry({ modules: [{ ...entry, container: 'plan' }] })).toThrow();
    expect(() => parseModuleRegistry({ modules: [entry, { ...entry, name: 'other', container: 'join_other', folder: 'mfe-other', devPort: 3009 }] })).toThrow(
      /step plan appears twice/,
    );
    expect(() => parseModuleRegistry({ modules: [entry, { ...entry, steps: ['number'] }] })).toThrow(/appears twice/);
  });
});
