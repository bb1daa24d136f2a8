import { z } from 'zod';
import { FLOW_STATUS_KEYS } from '../constants';
import { decimalInt } from './numeric';
import { ServerFlowContext } from '../flow/context';
import { BusinessConfig, FlowStatusFlags, PhoneNumber, Product, SavedPlan, Session } from './entities';

/**
 * The kernel's request and response payloads of SPEC section 7 (session, flow status, content,
 * and the visitor's current selection that the shell's cart shows), one schema each. Each
 * domain's own payloads live with the domain (domains/<domain>/schemas.ts). The server parses
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
/**
 * The flags and, beside them, the flow contract's non-flag inputs (flow/context.ts). Optional
 * so a client reads an older server's answer too; this API always sends it.
 */
export const FlowStatusResponse = z.object({ flow_status_flags: FlowStatusFlags, flow_context: ServerFlowContext.optional() });
export type FlowStatusResponse = z.infer<typeof FlowStatusResponse>;

export const FlowStatusUpdateBody = z
  .object({
    key: decimalInt(4)
      .refine((k) => flowKeys.includes(k), { message: `must be one of ${flowKeys.join(', ')}` }),
    value: z.string().max(64).optional(),
  })
  .strict();
export type FlowStatusUpdateBody = z.infer<typeof FlowStatusUpdateBody>;

/**
 * POST /me/flow_back: going back from `from` (a route of the flow), which clears what the flow
 * contract's clearsOnBack says (SPEC 2 "Back navigation"). Answers the flow status after it.
 */
export const FlowBackBody = z.object({ from: z.string().min(1).max(200) }).strict();
export type FlowBackBody = z.infer<typeof FlowBackBody>;

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

// --- the visitor's selection (the kernel's store holds it; the cart shows it) ---
export const ProductsCurrentQuery = z.object({ save: z.enum(['true', 'false']).optional() }).strict();
export const ProductResponse = z.object({ product: Product });
export type ProductResponse = z.infer<typeof ProductResponse>;

export const SavedPlansResponse = z.object({ product: Product.nullable(), save_plans: z.array(SavedPlan) });
export type SavedPlansResponse = z.infer<typeof SavedPlansResponse>;

// --- numbers ---
export const NumbersResponse = z.object({ numbers: z.array(PhoneNumber) });
export type NumbersResponse = z.infer<typeof NumbersResponse>;
