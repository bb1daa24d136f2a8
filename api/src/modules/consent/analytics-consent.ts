import { CONSENT_CODE } from '@join/shared/contract';
import type { ConsentRepository } from './repository';

/**
 * Whether a visitor's recorded choice lets them be measured (issue 28: the first-party collector
 * stores nothing otherwise): their latest choice for the legal texts says yes to analytics AND
 * answers the texts' current version. A yes given to texts that have since changed counts for
 * nothing until the visitor answers again (GET /consent.json asks them again then). No choice,
 * a no, or a withdrawal (a later no): false.
 */
export async function analyticsConsented(repos: Pick<ConsentRepository, 'latestConsent' | 'currentConsentVersion'>, uid: string): Promise<boolean> {
  const latest = await repos.latestConsent(uid, CONSENT_CODE);
  if (!latest?.analytics) return false;
  return latest.version === (await repos.currentConsentVersion(CONSENT_CODE));
}
