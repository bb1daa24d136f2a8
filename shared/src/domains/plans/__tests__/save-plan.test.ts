import { bus, EMPTY_FLOW_FLAGS, flowFlagsAtom, Product, SavedPlan, savedPlanAtom, store } from '@join/shared';
import { savePlanSequence, type SavePlanApi } from '../save-plan';
import { flowWrite } from '@join/shared/testing';

const product = (code: number, price: number): Product =>
  Product.parse({
  ProductCode: code,
  Name: `Tourist ${code}`,
  ProductCategory: 'PAYG',
  CommitmentDuration: 1,
  AvailablePlans: [
    { ID: code * 10 + 1, Type: 'DATA', Name: 'Data', Value: 2 * 1024 ** 3, Validity: 7, DailyAllowanceValue: null },
    { ID: code * 10 + 2, Type: 'VOICE-LCL', Name: 'Local', Value: 600000, Validity: 7, DailyAllowanceValue: null },
  ],
  PackagesPricingTable: [{ NetPrice: price, PlanNetPrice: price, VATPercentage: 5, VATAmount: price * 0.05, ExtraCharges: [] }],
  AllowedFeatures: [],
  Promotions: [],
  });

describe('plan save sequence (SPEC 4)', () => {
  it('saves plan, saves product, posts flow status 13, waits 500 ms, fetches saved plans, then announces', async () => {
    const calls: string[] = [];
    const p = product(199, 99);
    const saved = SavedPlan.parse({ ID: 1, product: p, Plans: p.AvailablePlans, PackagePrice: p.PackagesPricingTable[0]! });
    const api = {
      savePlan: jest.fn(async (args: unknown) => {
        calls.push(`savePlan ${JSON.stringify(args)}`);
        return { saved_plan: saved };
      }),
      saveProduct: jest.fn(async (code: number) => {
        calls.push(`saveProduct ${code}`);
        return { product: p };
      }),
      postFlowStatus: jest.fn(async (key: number) => {
        calls.push(`flowStatus ${key}`);
        return flowWrite({ flow_status_flags: { ...EMPTY_FLOW_FLAGS, is_plan_selected: true } });
      }),
      getSavedPlans: jest.fn(async () => {
        calls.push('getSavedPlans');
        return { product: p, save_plans: [saved] };
      }),
    } as unknown as SavePlanApi;
    const delay = jest.fn(async (ms: number) => {
      calls.push(`delay ${ms}`);
    });
    const announced = jest.fn();
    const off = bus.on('plan:saved', announced);
    await savePlanSequence(p, { api, delay });
    off();
    expect(calls).toEqual([
      'savePlan {"planIds":[1991,1992],"productCode":199}',
      'saveProduct 199',
      'flowStatus 13',
      'delay 500',
      'getSavedPlans',
    ]);
    expect(announced).toHaveBeenCalledWith({ productCode: 199 });
    expect(store.get(flowFlagsAtom)?.is_plan_selected).toBe(true);
    expect(store.get(savedPlanAtom)?.product.ProductCode).toBe(199);
  });

  it('stops at the first failure and announces nothing', async () => {
    const p = product(187, 49);
    const api = {
      savePlan: jest.fn(async () => Promise.reject(new Error('down'))),
      saveProduct: jest.fn(),
    } as unknown as SavePlanApi;
    const announced = jest.fn();
    const off = bus.on('plan:saved', announced);
    await expect(savePlanSequence(p, { api, delay: async () => undefined })).rejects.toThrow('down');
    off();
    expect(api.saveProduct).not.toHaveBeenCalled();
    expect(announced).not.toHaveBeenCalled();
  });

});
