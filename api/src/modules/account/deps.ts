import type { Mailer } from '../../platform/mail/mailer';
import type { RateLimitOptions } from '../../platform/http/rate-limits';
import type { SessionRepository } from '../../platform/sessions/repository';
import type { ServerFlowContext } from '@join/shared/contract';
import type { AccountRepository } from './repository';
import type { ThrottleRules } from './login-throttle';
import type { CodeRules } from './verification-codes';
import type { SocialProviderConfig } from './signin/id-token-verifier';

/** The account rules' tunables (domain defaults unless buildApp is told otherwise). */
export interface AccountRules {
  codes: CodeRules;
  /** Password failures of one e-mail at one address (never of the e-mail everywhere). */
  emailThrottle: ThrottleRules;
  /** Password failures of one address over all e-mails. */
  addressThrottle: ThrottleRules;
  /** How long a social-login nonce stays usable. */
  nonceTtlMs: number;
}

/**
 * The flow module's records the account module reads and writes (declared here, met by the flow
 * repository: the flow module reads accounts, so the account module does not import it).
 */
export interface AccountFlowFacts {
  /** The non-flag inputs of the access rules, answered with a login. */
  getFlowContext(uid: string): Promise<ServerFlowContext>;
  /** The e-mail check: the entered e-mail when it belongs to a terminated account, else null. */
  setTerminatedEmail(uid: string, email: string | null): Promise<void>;
}

/** What the account module is given by the composition root (app.ts builds it; AppContext holds it). */
export interface AccountDeps {
  /** Its accounts, the sessions it opens and upgrades, and the visitor's flow facts it reads and sets. */
  repos: AccountRepository & SessionRepository & AccountFlowFacts;
  now: () => number;
  rateLimit: Pick<
    RateLimitOptions,
    'windowMs' | 'loginMax' | 'checkEmailMax' | 'codeSendMax' | 'codeCheckMax' | 'passwordLoginMax' | 'socialLoginMax'
  >;
  /** Sends the account e-mails (verification codes). */
  mailer: Mailer;
  /** The social sign-in (Google, or the sandbox acting as it); null: off. */
  social: SocialProviderConfig | null;
  accounts: AccountRules;
}
