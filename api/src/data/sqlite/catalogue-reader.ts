import type { Database, Statement } from 'better-sqlite3';
import { SubPlanType, type Product, type ProductCategory, type SubPlan } from '@join/shared/contract';
import { sortSubPlans } from '../../domain/catalogue';
import { computePackagePrice } from '../../domain/pricing';
import type { ProductFilter } from '../store';

/** Reads products with their sub-plans and price rows and assembles the contract's Product. */
interface ProductRow {
  code: number;
  name: string;
  category: ProductCategory;
  commitment_duration: number;
  allowed_features: string;
  plan_net_price: number | null;
  vat_percentage: number | null;
}

interface SubPlanRow {
  id: number;
  product_code: number;
  type: string;
  name: string;
  value: number;
  validity_days: number;
  daily_allowance: number | null;
}

const PRODUCT_COLUMNS = `p.code, p.name, p.category, p.commitment_duration, p.allowed_features,
  pp.plan_net_price, pp.vat_percentage
  FROM products p LEFT JOIN package_prices pp ON pp.product_code = p.code`;

function toSubPlan(row: SubPlanRow): SubPlan {
  return {
    ID: row.id,
    Type: SubPlanType.parse(row.type),
    Name: row.name,
    Value: row.value,
    Validity: row.validity_days,
    DailyAllowanceValue: row.daily_allowance,
  };
}

function parseFeatures(json: string): { Code: string }[] {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? value.filter((f): f is { Code: string } => typeof f?.Code === 'string') : [];
}

export class CatalogueReader {
  private readonly byCodes: Statement<[string], ProductRow>;
  private readonly byCategory: Statement<[string], ProductRow>;
  private readonly vipOfLevel: Statement<[number], ProductRow>;
  private readonly levelOf: Statement<[number], { vanity_level: number | null }>;
  private readonly plansOf: Statement<[string], SubPlanRow>;

  constructor(db: Database) {
    this.byCodes = db.prepare(`SELECT ${PRODUCT_COLUMNS} WHERE p.code IN (SELECT value FROM json_each(?)) ORDER BY p.code`);
    this.byCategory = db.prepare(`SELECT ${PRODUCT_COLUMNS} WHERE p.category = ? ORDER BY p.code`);
    this.vipOfLevel = db.prepare(`SELECT ${PRODUCT_COLUMNS} WHERE p.category = 'VIP' AND p.vanity_level = ? ORDER BY p.code`);
    this.levelOf = db.prepare("SELECT vanity_level FROM products WHERE code = ? AND category = 'VIP'");
    this.plansOf = db.prepare(
      'SELECT * FROM sub_plans WHERE product_code IN (SELECT value FROM json_each(?)) ORDER BY product_code, id',
    );
  }

  list(filter: ProductFilter): Product[] {
    const rows =
      'codes' in filter
        ? this.byCodes.all(JSON.stringify(filter.codes))
        : 'category' in filter
          ? this.byCategory.all(filter.category)
          : this.vipOfLevel.all(filter.vipVanityLevel);
    const plans = this.plansOf.all(JSON.stringify(rows.map((r) => r.code)));
    return rows.map((row) => this.toProduct(row, plans.filter((p) => p.product_code === row.code)));
  }

  get(code: number): Product | null {
    return this.list({ codes: [code] })[0] ?? null;
  }

  vanityLevelOf(code: number): number | null {
    return this.levelOf.get(code)?.vanity_level ?? null;
  }

  private toProduct(row: ProductRow, plans: SubPlanRow[]): Product {
    return {
      ProductCode: row.code,
      Name: row.name,
      ProductCategory: row.category,
      CommitmentDuration: row.commitment_duration,
      AvailablePlans: sortSubPlans(plans.map(toSubPlan)),
      PackagesPricingTable:
        row.plan_net_price === null
          ? []
          : [computePackagePrice({ planNetPrice: row.plan_net_price, vatPercentage: row.vat_percentage ?? 0 })],
      AllowedFeatures: parseFeatures(row.allowed_features),
      Promotions: [],
    };
  }
}
