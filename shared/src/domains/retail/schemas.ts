import { z } from 'zod';

/**
 * The retail domain's payloads (SPEC 1, 2, 4, 9 name a retail mode; who the staff are, how a shop
 * device becomes trusted and the audit are ours: api/README.md "Retail").
 *
 * Credentials never travel in a body, a URL or the customer's session: the enrolled device and the
 * signed-in staff member are two HttpOnly, SameSite=Strict cookies scoped to `/api`, set and
 * cleared by the server (`join_retail_device`, `join_retail_staff`; the manager's own is
 * `join_retail_manager`). A wipe clears the site's storage, not these cookies, so the staff
 * sign-in outlives a customer.
 */

/** A shop, named in both languages (the retail start screen shows the one of the page). */
export const RetailShop = z.object({
  id: z.string(),
  name: z.string(),
  name_ar: z.string(),
});
export type RetailShop = z.infer<typeof RetailShop>;

/** A staff id as printed on a badge: a letter and four to six digits (S1001). */
export const StaffId = z.string().trim().toUpperCase().regex(/^[A-Z]\d{4,6}$/, 'a staff id is a letter and 4 to 6 digits');
/** A staff PIN: six digits. */
export const StaffPin = z.string().regex(/^\d{6}$/, 'a PIN is six digits');
/** The pairing code a device shows (RFC 8628 user_code): eight letters from an unambiguous set, shown as XXXX-XXXX. */
export const PairingCode = z
  .string()
  .trim()
  .toUpperCase()
  .transform((s) => s.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^[BCDFGHJKLMNPQRSTVWXZ]{8}$/, 'a pairing code is eight letters'));

export const RetailStaff = z.object({
  staff_id: z.string(),
  name: z.string(),
  role: z.enum(['staff', 'manager']),
});
export type RetailStaff = z.infer<typeof RetailStaff>;

// ---- Device enrolment: RFC 8628's device authorization grant, the manager approving ----

/** POST /retail/device/code (no body): RFC 8628 section 3.2. */
export const DeviceCodeResponse = z.object({
  device_code: z.string(),
  user_code: z.string(),
  verification_uri: z.string(),
  verification_uri_complete: z.string().optional(),
  expires_in: z.number().int().positive(),
  interval: z.number().int().positive(),
});
export type DeviceCodeResponse = z.infer<typeof DeviceCodeResponse>;

/** POST /retail/device/token: the device polls with its device_code (RFC 8628 section 3.4). */
export const DeviceTokenBody = z.object({ device_code: z.string().min(1).max(200) }).strict();
/** 200: enrolled; the answer sets the device cookie. */
export const DeviceTokenResponse = z.object({ device_id: z.string(), shop: RetailShop });
export type DeviceTokenResponse = z.infer<typeof DeviceTokenResponse>;
/** 400 while not enrolled, in RFC 8628 section 3.5's shape (not the API's error shape). */
export const DeviceTokenError = z.object({
  error: z.enum(['authorization_pending', 'slow_down', 'expired_token', 'access_denied', 'invalid_grant']),
  error_description: z.string().optional(),
});
export type DeviceTokenError = z.infer<typeof DeviceTokenError>;

/** POST /retail/manager/sign-in: a manager, on their own device (not device-bound). Sets the manager cookie. */
export const StaffSignInBody = z.object({ staff_id: StaffId, pin: StaffPin }).strict();
export type StaffSignInBody = z.infer<typeof StaffSignInBody>;
export const ManagerSignInResponse = z.object({ manager: RetailStaff, shop: RetailShop, expires_at: z.string() });
export type ManagerSignInResponse = z.infer<typeof ManagerSignInResponse>;

/** POST /retail/device/approve (manager cookie): the code the device shows, approved or denied. */
export const ApproveDeviceBody = z.object({ user_code: PairingCode, decision: z.enum(['approve', 'deny']) }).strict();
export const ApproveDeviceResponse = z.object({ device_id: z.string().nullable(), shop: RetailShop, decision: z.enum(['approve', 'deny']) });
export type ApproveDeviceResponse = z.infer<typeof ApproveDeviceResponse>;

// ---- The shop device and its staff member ----

/** GET /retail/device (device cookie): what the retail start screen shows. 401 device_not_enrolled without it. */
export const RetailDeviceResponse = z.object({
  device_id: z.string(),
  shop: RetailShop,
  /** The staff member signed in on this device, or null (the staff sign-in screen). */
  staff: RetailStaff.nullable(),
  /** When the staff sign-in ends (ISO 8601), or null. */
  staff_expires_at: z.string().nullable(),
});
export type RetailDeviceResponse = z.infer<typeof RetailDeviceResponse>;

/** POST /retail/staff/sign-in (device cookie): sets the staff cookie, bound to this device. */
export const StaffSignInResponse = z.object({ staff: RetailStaff, shop: RetailShop, expires_at: z.string() });
export type StaffSignInResponse = z.infer<typeof StaffSignInResponse>;

// ---- Customer sessions on a shop device ----

/**
 * POST /retail/customer-sessions (device + staff cookies, the SPEC 7 headers with a fresh
 * device-id per customer): a retail customer session, answered like login_by_device_id. With
 * SPEC 4's start parameters `session` and `account` it adopts that session instead (a retail entry
 * with a session and account: a qualified session, a retail payment).
 */
export const CustomerSessionBody = z
  .object({
    session: z.string().regex(/^[0-9a-f]{64}$/).optional(),
    account: z.string().min(1).max(100).optional(),
  })
  .strict();
export type CustomerSessionBody = z.infer<typeof CustomerSessionBody>;
export const CustomerSessionResponse = z.object({ session_id: z.string(), profile: z.object({ uid: z.string() }) });
export type CustomerSessionResponse = z.infer<typeof CustomerSessionResponse>;

/** Why a customer session ended on a shop device. */
export const WipeReason = z.enum(['idle', 'end_session', 'start_over', 'back', 'expired']);
export type WipeReason = z.infer<typeof WipeReason>;
/**
 * POST /retail/customer-sessions/end (the customer's session-id header, device + staff cookies):
 * ends the session on the server and answers `Clear-Site-Data: "cache", "storage"`.
 */
export const EndCustomerSessionBody = z.object({ reason: WipeReason }).strict();
export const EndCustomerSessionResponse = z.object({ ended: z.boolean() });

// ---- Audit ----

export const AuditAction = z.enum([
  'device_enrolled',
  'staff_signed_in',
  'staff_sign_in_failed',
  'staff_locked',
  'staff_signed_out',
  'customer_session_started',
  'customer_session_wiped',
  'identity_check_run',
  'payment_taken',
  'order_placed',
]);
export type AuditAction = z.infer<typeof AuditAction>;

/** One staff action: references only, never a customer's name, document, number, e-mail or card. */
export const AuditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  action: AuditAction,
  shop_id: z.string(),
  device_id: z.string().nullable(),
  staff_id: z.string().nullable(),
  staff_name: z.string().nullable(),
  /** What the action was about: an order id, a payment id, a wipe reason; never personal data. */
  ref: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

/** GET /retail/audit?from=YYYY-MM-DD&to=YYYY-MM-DD (manager cookie): the manager's shop's entries, newest first. */
export const AuditQuery = z.object({
  from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
  to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
});
export const AuditResponse = z.object({ shop: RetailShop, entries: z.array(AuditEntry) });
export type AuditResponse = z.infer<typeof AuditResponse>;

/** The retail refusals (the API's error shape: code and message). */
export const RETAIL_ERROR_CODES = {
  /** 404: retail is switched off by configuration (SPEC 9: off). */
  retailOff: 'retail_off',
  /** 401: no enrolled-device credential (or a revoked one, or one from another device). */
  deviceNotEnrolled: 'device_not_enrolled',
  /** 401: no staff sign-in on this device, or it ran out. */
  staffSignedOut: 'staff_signed_out',
  /** 401: wrong staff id or PIN (one message for both). */
  signInFailed: 'staff_sign_in_failed',
  /** 423: too many wrong PINs: locked for a while. */
  staffLocked: 'staff_locked',
  /** 403: a staff member who is not a manager, or of another shop. */
  notManager: 'not_manager',
  /** 400: the pairing code is unknown, used or expired. */
  pairingCodeInvalid: 'pairing_code_invalid',
  /** 403: SPEC 4's retail start parameters without a shop device's staff sign-in. */
  retailCredentialRequired: 'retail_credential_required',
} as const;
