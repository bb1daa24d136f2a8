import { FlowStatusResponse } from '@join/shared/contract';
import type { TestApp, Visitor } from '../../../testing/harness';

/**
 * The account step's e-mail calls as the account tests make them, on the app `app()` answers when
 * called: is there an account (check), send a code, validate it; and the flow status after.
 */
export function emailSteps(app: () => TestApp) {
  return {
    check: (who: Visitor, email: string) => app().post(who, '/api/securitymanagement/check_email', { email }),
    sendCode: (who: Visitor, email: string) => app().post(who, '/api/securitymanagement/send_verification_code', { email }),
    validate: (who: Visitor, email: string, code: string) => app().post(who, '/api/securitymanagement/validate_verification_code', { email, code }),
    flowStatus: async (who: Visitor) => FlowStatusResponse.parse((await app().get(who, '/api/me/flow_status')).json()),
  };
}
