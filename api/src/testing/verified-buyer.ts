import type { AccountRepository } from '../modules/account/repository';
import type { SoldDocument } from '../modules/identity/sim-limit';
import type { OrderIdentity } from '../modules/fulfilment/repository';
import type { IdentityRepository, NewIdentityDecision } from '../modules/identity/repository';

/** What a verified buyer is made through. */
type Buyers = AccountRepository & IdentityRepository;

/**
 * A user made able to order, as the identity check makes one: an account (its id
 * derived from the uid, so a race worker finds it again) and a verified decision of that account
 * for the kind of SIM. The repository refuses an order without one.
 */
export const accountIdOf = (uid: string): string => `acct-${uid}`;

export async function verifiedBuyer(
  repos: Buyers,
  uid: string,
  sim: 'esim' | 'physical',
  now: number,
  documentNumber?: string,
): Promise<{ accountId: string; identity: OrderIdentity }> {
  const accountId = accountIdOf(uid);
  await repos.findOrCreateVerifiedAccount(`${uid.toLowerCase()}@buyers.example`, accountId, now);
  const decision: NewIdentityDecision = {
    outcome: 'verified',
    code: null,
    documentKind: 'passport',
    documentNumber: documentNumber ?? `P${uid.replace(/[^A-Za-z0-9]/g, '').slice(-8).toUpperCase()}`,
    expiryDate: '2031-01-01',
    birthDate: '1990-05-05',
    residentType: 'non_resident',
    simType: sim,
    personRef: `person-${uid}`,
    liveness: 'passed',
    decidedAt: now,
    accountId,
    holderName: 'JANE DOE',
  };
  await repos.recordIdentityDecision(uid, decision, { kind: 'verified', flag: 'id_verified' });
  return identityFor(repos, uid, now);
}

/** The order identity of a user's verified decision (made by verifiedBuyer). */
export async function identityFor(repos: Buyers, uid: string, now: number): Promise<{ accountId: string; identity: OrderIdentity }> {
  const accountId = accountIdOf(uid);
  const d = await repos.getVerifiedDecision(uid, accountId);
  if (!d) throw new Error(`no verified decision for ${uid}`);
  return {
    accountId,
    identity: { decisionId: d.id, documentKind: d.documentKind, documentNumberMasked: `*****${d.documentNumber.slice(-3)}`, personRef: d.personRef, holderName: d.holderName, verifiedAt: now },
  };
}

/** The document of a user's verified decision (made by verifiedBuyer): what a payment of theirs is sold to. */
export async function documentOf(repos: Buyers, uid: string): Promise<SoldDocument> {
  const d = await repos.getVerifiedDecision(uid, accountIdOf(uid));
  if (!d) throw new Error(`no verified decision for ${uid}`);
  return { kind: d.documentKind, number: d.documentNumber };
}
