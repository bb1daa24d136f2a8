import type { Database } from 'better-sqlite3';
import { ExtraCharge } from '@join/shared/contract';
import { z } from 'zod';
import type { SavedPlanRecord } from '../store';

/** SQL for the one saved plan a user has; its price is a snapshot taken when it was saved. */
interface SavedPlanRow {
  id: number;
  product_code: number;
  plan_ids: string;
  plan_net_price: number;
  extra_charges: string;
  net_price: number;
  vat_percentage: number;
  vat_amount: number;
}

const PlanIds = z.array(z.number().int());
const ExtraCharges = z.array(ExtraCharge);

export function toSavedPlanRecord(row: SavedPlanRow): SavedPlanRecord {
  return {
    id: row.id,
    productCode: row.product_code,
    planIds: PlanIds.parse(JSON.parse(row.plan_ids)),
    price: {
      PlanNetPrice: row.plan_net_price,
      NetPrice: row.net_price,
      VATPercentage: row.vat_percentage,
      VATAmount: row.vat_amount,
      ExtraCharges: ExtraCharges.parse(JSON.parse(row.extra_charges)),
    },
  };
}

export function savedPlanStatements(db: Database) {
  return {
    byUser: db.prepare<[string], SavedPlanRow>('SELECT * FROM saved_plans WHERE uid = ?'),
    deleteOf: db.prepare<[string]>('DELETE FROM saved_plans WHERE uid = ?'),
    insert: db.prepare<
      [{ uid: string; product: number; planIds: string; planNet: number; extras: string; net: number; vat: number; vatAmount: number; now: number }]
    >(
      `INSERT INTO saved_plans (uid, product_code, plan_ids, plan_net_price, extra_charges, net_price, vat_percentage, vat_amount, created_at)
       VALUES (@uid, @product, @planIds, @planNet, @extras, @net, @vat, @vatAmount, @now)`,
    ),
  };
}
