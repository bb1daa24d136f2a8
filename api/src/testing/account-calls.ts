import type { TestApp, Visitor } from './harness';

/**
 * The account step's calls as the page makes them, for the account tests. `app` is read at each
 * call, so a test file may hand over the app its set-up makes before each test.
 */
export function accountCalls(app: () => TestApp) {
  return {
    check: (who: Visitor, email: string) => app().post(who, '/api/securitymanagement/check_email', { email }),
    sendCode: (who: Visitor, email: string) => app().post(who, '/api/securitymanagement/send_verification_code', { email }),
    validate: (who: Visitor, email: string, code: string) =>
      app().post(who, '/api/securitymanagement/validate_verification_code', { email, code }),
    passwordLogin: (who: Visitor, email: string, password: string) => app().post(who, '/api/securitymanagement/login', { email, password }),
  };
}
