import type { Mailer } from '../../platform/mail/mailer';
import type { RateLimitOptions } from '../../platform/http/rate-limits';
import type { AccountRepository } from '../account';
import type { CatalogueDeps } from '../catalogue';
import type { FlowStatusDeps } from '../flow';
import type { IdentityRepository } from '../identity';
import type { NumbersRepository } from '../numbers';
import type { BnplProvider, CardProvider, TerminalProvider } from './providers';
import type { PaymentRepository } from './repository';

/**
 * What pricing a visitor's order needs (loadOrder): the saved plan priced by the catalogue's
 * rules, the held number and the buyer's account. The fulfilment module, which ships the order,
 * is given it too.
 */
export interface OrderDeps extends CatalogueDeps {
  repos: CatalogueDeps['repos'] & Pick<NumbersRepository, 'getActiveHold'> & Pick<AccountRepository, 'findAccountById'>;
}

/**
 * The retail module's answer for a session: the shop, device and staff member a customer session
 * was started by on a shop device, and the shop's payment terminal; null for any other session
 * (a visitor's). Only such a session may pay at the counter.
 */
export interface RetailSessionOf {
  shopId: string;
  deviceId: string;
  staffId: string;
  terminalId: string;
}
export interface RetailSessions {
  sessionOf(tokenHash: string): Promise<RetailSessionOf | null>;
}

/** What the payment module is given by the composition root (app.ts builds it; AppContext holds it). */
export interface PaymentDeps extends OrderDeps, FlowStatusDeps {
  repos: OrderDeps['repos'] & FlowStatusDeps['repos'] & PaymentRepository & Pick<IdentityRepository, 'getVerifiedDecision'>;
  rateLimit: Pick<RateLimitOptions, 'windowMs' | 'paymentMax' | 'contractRequestMax'>;
  /** Sends the order e-mails. */
  mailer: Mailer;
  /** Which sessions are retail customer sessions (the retail module's); counter payment is refused for any other. */
  retailSessions: RetailSessions;
  /** The identity check's tunables: the SIMs sold to one document. */
  identity: { maxSimsPerDocument: number };
  /** The payment providers; without one its payment routes answer 503. */
  payment: {
    card: CardProvider | null;
    bnpl: BnplProvider | null;
    /** The shops' payment terminals (pay at the counter); null: counter payments answer 503. */
    terminal: TerminalProvider | null;
    /** The page's origin for the providers' return addresses (JOIN_PUBLIC_URL); null: the request's own Origin. */
    publicOrigin: string | null;
  };
  /**
   * The retail audit (the retail module's, wired by app.ts): records payment_taken for a visitor who is a
   * retail customer, nothing for anyone else; references only.
   */
  retailAudit: { record(uid: string, action: 'payment_taken', ref: string | null): Promise<void> };
}
