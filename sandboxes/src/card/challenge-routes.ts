import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { sendPage } from '../sandbox-app';
import type { CardLedger} from './card-ledger';
import { MAX_3DS_ATTEMPTS, originOf, type ChargeRecord } from './card-ledger';
import { challengeGonePage, challengePage } from './pages';
import { pageLanguage } from '../texts';
import { SANDBOX_3DS_CODE } from './texts';

/**
 * The 3-D Secure challenge, the card issuer's page the shop sends the browser to for a charge that
 * requires action: GET /3ds/:chargeId shows it, POST /3ds/:chargeId takes the code (or Cancel),
 * then 303 back to the charge's return_url, where the shop asks the provider what became of it.
 */
const ChallengeBody = z.object({
  code: z.string().max(50).optional(),
  action: z.enum(['confirm', 'cancel']).optional(),
});

/** The challenge's CSP: never framed; its form posts to itself, which redirects to the shop's return URL. */
function challengeCsp(returnOrigin: string | null): string {
  return `default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'${returnOrigin ? ` ${returnOrigin}` : ''}; frame-ancestors 'none'; base-uri 'none'`;
}

export function challengeRoutes(app: FastifyInstance, ledger: CardLedger, merchantName: string): void {
  const challengeHeaders = (reply: FastifyReply, charge: ChargeRecord | null) =>
    reply.header('content-security-policy', challengeCsp(charge ? originOf(charge.returnUrl) : null)).header('x-frame-options', 'DENY');
  const backToShop = (reply: FastifyReply, charge: ChargeRecord) => reply.code(303).header('location', charge.returnUrl).send();
  const challengeView = (charge: ChargeRecord) => ({
    chargeId: charge.id,
    merchantName,
    amountFils: charge.amount,
    brand: charge.brand ?? 'visa',
    last4: charge.last4 ?? '',
  });

  app.get('/3ds/:chargeId', async (request, reply) => {
    const charge = ledger.charges.get((request.params as { chargeId: string }).chargeId);
    challengeHeaders(reply, charge ?? null);
    if (!charge) return sendPage(reply, 404, challengeGonePage(pageLanguage((request.query as { lang?: unknown }).lang)));
    // Answered, cancelled or expired: the shop asks the provider what became of it.
    if (ledger.settle(charge).status !== 'requires_action') return backToShop(reply, charge);
    return sendPage(reply, 200, challengePage(charge.lang, challengeView(charge)));
  });

  app.post('/3ds/:chargeId', async (request, reply) => {
    const charge = ledger.charges.get((request.params as { chargeId: string }).chargeId);
    challengeHeaders(reply, charge ?? null);
    if (!charge) return sendPage(reply, 404, challengeGonePage('en'));
    if (ledger.settle(charge).status !== 'requires_action') return backToShop(reply, charge);
    const parsed = ChallengeBody.safeParse(request.body ?? {});
    const form = parsed.success ? parsed.data : {};
    // Cancel is not a failed check: the visitor stopped it, the shop says so.
    if (form.action === 'cancel') return backToShop(reply, ledger.decline(charge, 'authentication_cancelled'));
    const code = (form.code ?? '').trim();
    if (code === '') return sendPage(reply, 400, challengePage(charge.lang, { ...challengeView(charge), empty: true }));
    if (code === SANDBOX_3DS_CODE) {
      if (charge.afterAuthentication === 'insufficient_funds') ledger.decline(charge, 'insufficient_funds');
      else charge.status = 'succeeded';
      return backToShop(reply, charge);
    }
    charge.attempts += 1;
    if (charge.attempts >= MAX_3DS_ATTEMPTS) return backToShop(reply, ledger.decline(charge, 'authentication_failed'));
    return sendPage(reply, 400, challengePage(charge.lang, { ...challengeView(charge), attemptsLeft: MAX_3DS_ATTEMPTS - charge.attempts }));
  });
}
