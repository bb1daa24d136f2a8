import type { Mailer } from '../../platform/mail/mailer';
import type { RateLimitOptions } from '../../platform/http/rate-limits';
import type { FlowStatusDeps } from '../flow';
import type { IdentityRepository } from '../identity';
import type { OrderDeps, PaymentRepository } from '../payment';
import type { CourierProvider, EsimProvider } from './providers';
import type { FulfilmentRepository } from './repository';

/** What the fulfilment module is given by the composition root (app.ts builds it; AppContext holds it). */
export interface FulfilmentDeps extends OrderDeps, FlowStatusDeps {
  repos: OrderDeps['repos'] &
    FlowStatusDeps['repos'] &
    FulfilmentRepository &
    Pick<PaymentRepository, 'getCapturedPayment'> &
    Pick<IdentityRepository, 'getVerifiedDecision'>;
  rateLimit: Pick<RateLimitOptions, 'windowMs' | 'geoMax'>;
  /** Sends the order's e-mails. */
  mailer: Mailer;
  /** The SIMs sold to one document. */
  identity: { maxSimsPerDocument: number };
  /** The courier: delivery and store pickup jobs. Required: buildApp refuses to start without one. */
  courier: CourierProvider;
  /** The eSIM provisioning service. Required: buildApp refuses to start without one. */
  esim: EsimProvider;
  /**
   * The retail audit (the retail module's, wired by app.ts): records order_placed for a visitor who is a
   * retail customer, nothing for anyone else; references only.
   */
  retailAudit: { record(uid: string, action: 'order_placed', ref: string | null): Promise<void> };
}
