import { apiClient, type ApiClient } from '@join/shared';
import {
  CheckEmailResponse,
  LoginResponse,
  MeResponse,
  SendCodeResponse,
  SetPasswordResponse,
  SocialNonceResponse,
  SocialProvidersResponse,
  TerminatedNumbersResponse,
  type SocialProviderId,
} from './schemas';

/** The account calls (SPEC 7, and our additions marked in schemas.ts), over the page's one client. */
export const accountEndpoints = (c: ApiClient = apiClient) => ({
  checkEmail: (email: string) => c.request('POST', '/securitymanagement/check_email', { schema: CheckEmailResponse, body: { email } }),
  sendCode: (email: string) => c.request('POST', '/securitymanagement/send_verification_code', { schema: SendCodeResponse, body: { email } }),
  validateCode: (email: string, code: string) =>
    c.request('POST', '/securitymanagement/validate_verification_code', { schema: LoginResponse, body: { email, code }, opensSession: true, changesFlow: true }),
  /** The client attaches the gclid header to this call (SPEC 7). */
  login: (email: string, password: string) => c.request('POST', '/securitymanagement/login', { schema: LoginResponse, body: { email, password }, opensSession: true, changesFlow: true }),
  setPassword: (password: string) => c.request('POST', '/securitymanagement/set_password', { schema: SetPasswordResponse, body: { password }, changesFlow: true }),
  socialProviders: () => c.request('GET', '/securitymanagement/social_providers', { schema: SocialProvidersResponse }),
  socialNonce: (provider: SocialProviderId) =>
    c.request('POST', '/securitymanagement/social_nonce', { schema: SocialNonceResponse, body: { provider } }),
  /** The client attaches the gclid header to this call (SPEC 7). */
  socialLogin: (provider: SocialProviderId, idToken: string) =>
    c.request('POST', '/securitymanagement/social_login', { schema: LoginResponse, body: { provider, id_token: idToken }, opensSession: true, changesFlow: true }),
  me: () => c.request('GET', '/securitymanagement/me', { schema: MeResponse }),
  terminatedNumbers: (email: string) =>
    c.request('GET', '/customer/terminated_account_numbers', { schema: TerminatedNumbersResponse, query: { email } }),
});

/** The account calls over the page's client (what the account pages use; tests spy on it). */
export const accountApi = accountEndpoints();
