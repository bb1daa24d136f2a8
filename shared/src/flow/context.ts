/**
 * The flow contract's inputs that are not flags, as the server stores and returns them
 * (GET and POST /me/flow_status, beside the flags), and the one function that turns flags,
 * this server context and the client-only bits into the FlowContext the rules read.
 *
 * Kernel file: pure, Node-safe (zod and types only). The API builds its FlowContext with
 * the same function as the host, so both sides feed the same rule functions the same input.
 *
 * Who changes what (only the endpoint that owns an input writes it):
 * - retail: a customer session started on an enrolled shop device with its staff member signed in
 *   (POST /retail/customer-sessions); a client's word (`is_retail`) never makes one (api/README.md "Retail");
 * - inside_uae: the location check; resident_type and sim_type: the activation method's answers
 *   (POST /me/activation_method, until the identity check has passed); has_delivery_form: the
 *   identity check's decision (a resident who chose a physical SIM has a delivery to arrange);
 *   terminated_email: the e-mail check.
 */
import { z } from 'zod';
import type { FlowStatusFlags } from '../schemas/entities';
import type { FlowContext } from './rules';

const ResidentTypeSchema = z.enum(['resident', 'non_resident']);

/** The activation method (SPEC 2 /activation_method): an instant eSIM, or a physical SIM. */
const SimTypeSchema = z.enum(['esim', 'physical']);
export type SimType = z.infer<typeof SimTypeSchema>;

export const ServerFlowContext = z.object({
  /** null until the id details say which. */
  resident_type: ResidentTypeSchema.nullable(),
  /** null until the activation method is chosen. Missing from an older server: null. */
  sim_type: SimTypeSchema.nullable().default(null),
  /** Result of the location check; null while not checked. */
  inside_uae: z.boolean().nullable(),
  has_delivery_form: z.boolean(),
  /** The e-mail entered at login when it belongs to a terminated account. */
  terminated_email: z.string().max(254).nullable(),
  retail: z.boolean(),
});
export type ServerFlowContext = z.infer<typeof ServerFlowContext>;

/** A new visitor's context: nothing known, not retail. */
export const EMPTY_SERVER_FLOW_CONTEXT: ServerFlowContext = Object.freeze({
  resident_type: null,
  sim_type: null,
  inside_uae: null,
  has_delivery_form: false,
  terminated_email: null,
  retail: false,
});

/** What only the browser knows: how the user got here. The server passes none of these. */
export interface ClientFlowBits {
  /** True once the user moves inside the app, false on a fresh load or deep link. */
  navigatingInApp?: boolean;
  /** The flow started with a vip filter (start parameter vip). */
  vipFilter?: boolean;
  /** The flow started with a search (start parameter search). */
  searchActive?: boolean;
}

/**
 * The FlowContext of the contract. `server` may be missing (an older server that sends no
 * flow_context): the rules then see a new visitor's context, the most restrictive reading.
 */
export function buildFlowContext(
  flags: FlowStatusFlags,
  server: ServerFlowContext | null | undefined,
  client: ClientFlowBits = {},
): FlowContext {
  const s = server ?? EMPTY_SERVER_FLOW_CONTEXT;
  return {
    flags,
    residentType: s.resident_type,
    simType: s.sim_type ?? null,
    insideUae: s.inside_uae,
    hasDeliveryForm: s.has_delivery_form,
    terminatedEmail: s.terminated_email,
    retail: s.retail,
    navigatingInApp: client.navigatingInApp === true,
    vipFilter: client.vipFilter === true,
    searchActive: client.searchActive === true,
  };
}

/** Start-parameter values that mean "yes" (`?is_retail=true` or `?is_retail=1`). */
const YES = ['true', '1'] as const;

/** Whether the start parameters open a retail (in-store) flow. */
export function isRetailStart(params: Readonly<Record<string, string | undefined>>): boolean {
  return (YES as readonly (string | undefined)[]).includes(params.is_retail);
}

/**
 * The device-id login's body: `is_retail=true` when the flow was started with the retail
 * start parameter. It marks the device's user retail for good (a later login without it,
 * such as a session recovery, leaves it as it is; a logout makes a new device, so a new user).
 */
export const LoginByDeviceIdBody = z
  .object({ is_retail: z.enum(['true', 'false', '1', '0']).optional() })
  .strict();
export type LoginByDeviceIdBody = z.infer<typeof LoginByDeviceIdBody>;
