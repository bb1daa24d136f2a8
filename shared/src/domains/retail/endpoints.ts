import { apiClient, type ApiClient } from '@join/shared';
import {
  ApproveDeviceResponse,
  AuditResponse,
  CustomerSessionResponse,
  DeviceCodeResponse,
  EndCustomerSessionResponse,
  ManagerSignInResponse,
  RetailDeviceResponse,
  StaffSignInResponse,
  type WipeReason,
} from './schemas';

/**
 * The retail calls over the page's one client (same origin: the browser sends the retail cookies
 * itself; no credential is ever read by the page). POST /retail/device/token answers RFC 8628's
 * error shape, so the enrolment screen polls it with its own fetch (see the host's retail screens).
 */
export const retailEndpoints = (c: ApiClient = apiClient) => ({
  deviceCode: () => c.request('POST', '/retail/device/code', { schema: DeviceCodeResponse, body: {} }),
  device: () => c.request('GET', '/retail/device', { schema: RetailDeviceResponse }),
  staffSignIn: (staffId: string, pin: string) =>
    c.request('POST', '/retail/staff/sign-in', { schema: StaffSignInResponse, body: { staff_id: staffId, pin } }),
  staffSignOut: () => c.request('POST', '/retail/staff/sign-out', { schema: RetailDeviceResponse, body: {} }),
  managerSignIn: (staffId: string, pin: string) =>
    c.request('POST', '/retail/manager/sign-in', { schema: ManagerSignInResponse, body: { staff_id: staffId, pin } }),
  approveDevice: (userCode: string, decision: 'approve' | 'deny') =>
    c.request('POST', '/retail/device/approve', { schema: ApproveDeviceResponse, body: { user_code: userCode, decision } }),
  audit: (range: { from?: string; to?: string } = {}) => c.request('GET', '/retail/audit', { schema: AuditResponse, query: range }),
  startCustomerSession: (adopt?: { session: string; account: string }) =>
    c.request('POST', '/retail/customer-sessions', { schema: CustomerSessionResponse, body: adopt ?? {} }),
  endCustomerSession: (reason: WipeReason) =>
    c.request('POST', '/retail/customer-sessions/end', { schema: EndCustomerSessionResponse, body: { reason } }),
});

export type RetailEndpoints = ReturnType<typeof retailEndpoints>;
export const retailApi: RetailEndpoints = retailEndpoints();
