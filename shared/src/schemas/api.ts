import { z } from 'zod';
import { FLOW_STATUS_KEYS } from '../constants';
import {
  BusinessConfig,
  FlowStatusFlags,
  Msisdn,
  PhoneNumber,
  Product,
  SavedPlan,
  Session,
  SubPlan,
  SubPlanType,
} from './entities';

/**
 * Request and response payloads of SPEC section 7, one schema each. The server parses
 * requests with them (form bodies arrive as strings, hence the coercions) and the client
 * parses responses with them, so both sides speak one contract.
 */

const flowKeys = Object.values(FLOW_STATUS_KEYS) as number[];

/** Request headers the client sends (lower-case, as HTTP carries them). */
export const RequestHeaders = z.object({
  'api-version': z.string(),
  language: z.enum(['en', 'ar']),
  channel: z.string(),
  'device-id': z.string().regex(/^[A-Za-z0-9_-]{8,128}$/, 'must be 8 to 128 letters, digits, - or _'),
  'device-os': z.string(),
  'session-id': z.string().optional(),
  'account-number': z.string().optional(),
  gclid: z.string().max(256).optional(),
});
export type RequestHeaders = z.infer<typeof RequestHeaders>;

// --- securitymanagement ---
export const LoginByDeviceIdResponse = Session;
export type LoginByDeviceIdResponse = z.infer<typeof LoginByDeviceIdResponse>;

// --- me ---
export const FlowStatusResponse = z.object({ flow_status_flags: FlowStatusFlags });
export type FlowStatusResponse = z.infer<typeof FlowStatusResponse>;

export const FlowStatusUpdateBody = z
  .object({
    key: z.coerce
      .number()
      .int()
      .refine((k) => flowKeys.includes(k), { message: `must be one of ${flowKeys.join(', ')}` }),
    value: z.string().max(64).optional(),
  })
  .strict();
export type FlowStatusUpdateBody = z.infer<typeof FlowStatusUpdateBody>;

export const CurrentTimestampResponse = z.object({ timestamp: z.number().int() });
export type CurrentTimestampResponse = z.infer<typeof CurrentTimestampResponse>;

// --- content and configuration ---
export const BizConfigResponse = BusinessConfig;
export const TranslationsQuery = z.object({ container_id: z.string().regex(/^[a-z0-9_-]{1,40}$/).default('web') }).strict();
export const TranslationsResponse = z.object({
  language: z.enum(['en', 'ar']),
  translations: z.record(z.string(), z.string()),
});
export type TranslationsResponse = z.infer<typeof TranslationsResponse>;

// --- products and plans ---
/** `tourist` selects the tourist product codes of SPEC section 9; the others are ProductCategory values. */
export const ProductCategoryQuery = z.enum(['tourist', 'PAYG', 'Commitment', 'VIP']);
export const ProductsAvailableQuery = z.object({ category: ProductCategoryQuery.default('tourist') }).strict();
export const ProductsResponse = z.object({ products: z.array(Product) });
export type ProductsResponse = z.infer<typeof ProductsResponse>;

export const ProductsCurrentQuery = z.object({ save: z.enum(['true', 'false']).optional() }).strict();
export const ProductResponse = z.object({ product: Product });
export type ProductResponse = z.infer<typeof ProductResponse>;

export const ProductSaveBody = z.object({ product_code: z.coerce.number().int().positive() }).strict();

export const PlansAvailableQuery = z
  .object({
    plan_types: z
      .string()
      .transform((s) => s.split(',').filter(Boolean))
      .pipe(z.array(SubPlanType).min(1))
      .optional(),
  })
  .strict();
export const PlansResponse = z.object({ plans: z.array(SubPlan) });

export const SavedPlansResponse = z.object({ product: Product.nullable(), save_plans: z.array(SavedPlan) });
export type SavedPlansResponse = z.infer<typeof SavedPlansResponse>;

export const SavePlanBody = z
  .object({
    plan_ids: z
      .string()
      .regex(/^\d+(,\d+)*$/, 'must be comma-separated plan ids')
      .transform((s) => s.split(',').map(Number)),
    product_code: z.coerce.number().int().positive(),
    recharge_amount: z.coerce.number().nonnegative().max(10_000).optional(),
  })
  .strict();
export const SavePlanResponse = z.object({ saved_plan: SavedPlan });
export type SavePlanResponse = z.infer<typeof SavePlanResponse>;

// --- numbers ---
export const NumbersResponse = z.object({ numbers: z.array(PhoneNumber) });
export type NumbersResponse = z.infer<typeof NumbersResponse>;
export const NumberBody = z.object({ number: Msisdn }).strict();
export const NumberResponse = z.object({ number: PhoneNumber });
export type NumberResponse = z.infer<typeof NumberResponse>;
export const RandomNumbersBody = z.object({ count: z.coerce.number().int().min(1).max(10).default(1) }).strict();
