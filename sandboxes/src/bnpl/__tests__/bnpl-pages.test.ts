import { CHECKOUT_TTL_MS, MAX_OTP_FAILURES } from '../checkouts';
import { checkoutPlan, formatFils, uaeToday } from '../plan';
import { bnplUnderTest, SUCCESS, FAILURE, START, shownCode, sessionOf } from './bnpl-under-test';

/** The BNPL sandbox: the shopper's checkout page: the plan, both languages, the sign-in code, approve and decline, closed checkouts. */
describe('BNPL sandbox', () => {
  const { sandbox, create, get, statusOf, capture, openPage, verify, decide, signIn, followed } = bnplUnderTest();

  describe('the checkout page', () => {
    it('shows the merchant, the total, the plan of 4 the product computes, the e-mail and the sign-in, with its own CSP', async () => {
      const { id } = await create();
      const res = await openPage(id);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-frame-options']).toBe('DENY');
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      // The forms' 303 lands on the merchant: Chrome checks form-action on a form's redirects.
      expect(csp).toContain("form-action 'self' http://localhost:8080;");
      const page = res.body;
      expect(page).toContain('<html lang="en" dir="ltr">');
      expect(page).toContain('<h1 id="title">Pay in 4 with Spotii</h1>');
      expect(page).toContain('<bdi>Tourist SIM</bdi>');
      expect(page).toContain('<dd class="amount" dir="ltr">AED 100.01</dd>');
      expect(page).toContain('<dd dir="ltr" class="email">amira@example.com</dd>');
      expect(page).toContain('Your plan: 4 payments, no interest');
      // The plan the product shows too: four payments from today in the UAE; odd fils first; 31 January then month ends.
      expect(uaeToday(START)).toBe('2026-01-31');
      const plan = checkoutPlan(10_001, START);
      expect(plan.map((p) => p.due_date)).toEqual(['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30']);
      expect(plan.map((p) => p.amount_fils)).toEqual([2501, 2500, 2500, 2500]);
      for (const p of plan) {
        expect(page).toContain(`<time datetime="${p.due_date}">`);
        expect(page).toContain(`<span class="amount" dir="ltr">${formatFils(p.amount_fils, 'en')}</span>`);
      }
      expect(page).toContain('AED 25.01');
      expect(page).toContain('<time datetime="2026-01-31">Today</time>');
      expect(page).toContain('<time datetime="2026-02-28">28 February 2026</time>');
      // The sign-in: a labelled code field with a hint, and the code itself shown (sandbox).
      expect(page).toContain('<label for="otp">Verification code</label>');
      expect(page).toMatch(/<input id="otp" name="otp"[^>]*autocomplete="one-time-code"[^>]*aria-describedby="otp-hint">/);
      expect(shownCode(page)).toMatch(/^\d{6}$/);
      expect(page).toContain('Cancel and return to Tourist SIM');
      expect(page).toContain(`href="/checkout/${id}?lang=ar" lang="ar" hreflang="ar">العربية</a>`);
      // No approve before the sign-in; nothing inline.
      expect(page).not.toContain('value="approve"');
      expect(page).not.toMatch(/<script|<style|\sstyle="|\son[a-z]+="/);

      const css = await sandbox.app.inject({ method: 'GET', url: '/assets/bnpl.css' });
      expect(css.headers['content-type']).toMatch(/^text\/css/);
      expect(css.body).toContain('min-block-size:2.75rem');
      expect(css.body).not.toMatch(/margin-left|margin-right|padding-left|padding-right|text-align:left|text-align:right/);
    });

    it('speaks Arabic, right to left, with amounts and e-mail left to right', async () => {
      const { id } = await create();
      const page = (await openPage(id, 'ar')).body;
      expect(page).toContain('<html lang="ar" dir="rtl">');
      expect(page).toContain('ادفع على 4 دفعات مع Spotii');
      expect(page).toContain('<label for="otp">رمز التحقق</label>');
      expect(page).toContain('<time datetime="2026-01-31">اليوم</time>');
      expect(page).toContain(`<dd class="amount" dir="ltr">${formatFils(10_001, 'ar')}</dd>`);
      expect(page).toContain('<dd dir="ltr" class="email">amira@example.com</dd>');
      expect(page).toContain('name="lang" value="ar"');
      const decision = (await verify(id, shownCode(page), 'ar')).body;
      expect(decision).toContain('<html lang="ar" dir="rtl">');
      expect(decision).toContain('وافق على خطة الدفع');
      expect(decision).toContain('رفض');
    });

    it('approves: sign in with the code shown, approve, 303 to the success URL exactly as given', async () => {
      const { id } = await create();
      const decision = await signIn(id);
      expect(decision.body).toContain('<h1 id="title">Approve your payment plan</h1>');
      expect(decision.body).toContain('name="decision" value="approve">Approve and pay \u2066AED 25.01\u2069 today</button>');
      expect(decision.body).toContain('You pay \u2066AED 25.01\u2069 today, then 3 more payments of \u2066AED 25.00\u2069 monthly.');
      expect(followed(await decide(id, { decision: 'approve', session: sessionOf(decision.body) }))).toBe(SUCCESS);
      expect((await get(id)).json()).toMatchObject({ status: 'approved', approved_at: new Date(START).toISOString() });
    });

    it('declines: 303 to the failure URL, from the decision page or as "cancel" before signing in', async () => {
      const a = await create();
      await signIn(a.id);
      expect(followed(await decide(a.id, { decision: 'decline' }))).toBe(FAILURE);
      expect((await get(a.id)).json()).toMatchObject({ status: 'rejected', rejection_reason: 'customer_declined' });

      const b = await create();
      expect(followed(await decide(b.id, { decision: 'decline' }))).toBe(FAILURE);
      expect(await statusOf(b.id)).toBe('rejected');
    });

    it('keeps the merchant URLs unchanged, however they are written', async () => {
      const success = 'https://shop.example/join/spotii-success?payment=pay_X&x=%2F%3F#frag';
      const { id } = await create({ success_url: success, failure_url: 'https://other.example/fail' });
      expect(String((await openPage(id)).headers['content-security-policy'])).toContain("form-action 'self' https://shop.example https://other.example;");
      expect(followed(await decide(id, { decision: 'approve', session: sessionOf((await signIn(id)).body) }))).toBe(success);
    });

    it('refuses to approve without the sign-in, or with another session', async () => {
      const { id } = await create();
      const noSession = await decide(id, { decision: 'approve' });
      expect(noSession.statusCode).toBe(403);
      expect(noSession.body).toContain('Sign in with your code before you approve.');
      expect(noSession.body).toMatch(/aria-invalid="true" aria-describedby="otp-hint otp-error" autofocus/);
      await signIn(id);
      expect((await decide(id, { decision: 'approve', session: 'forged-session-value' })).statusCode).toBe(403);
      expect(await statusOf(id)).toBe('open');
    });

    it('says when the code is malformed or wrong, next to the field, and closes after 5 wrong codes', async () => {
      const { id } = await create();
      const code = shownCode((await openPage(id)).body);
      const malformed = await verify(id, '12ab');
      expect(malformed.statusCode).toBe(400);
      expect(malformed.body).toContain('<p id="otp-error" class="error">Enter the 6-digit code shown above.</p>');
      const wrongCode = code === '000000' ? '111111' : '000000';
      for (let i = 1; i < MAX_OTP_FAILURES; i++) {
        const wrong = await verify(id, wrongCode);
        expect(wrong.statusCode).toBe(400);
        expect(wrong.body).toContain(`That code is not right. Check it and try again (${MAX_OTP_FAILURES - i} tries left).`);
      }
      const last = await verify(id, wrongCode);
      expect(last.body).toContain('Too many wrong codes');
      expect(last.body).toContain(`href="${FAILURE}"`);
      expect((await get(id)).json()).toMatchObject({ status: 'rejected', rejection_reason: 'too_many_codes' });
      // The right code now changes nothing.
      expect((await verify(id, code)).body).toContain('Too many wrong codes');
    });

    it('refuses a "+bnpl-decline" customer at the credit check: the page says so and only goes back to the failure URL', async () => {
      const { id } = await create({ customer: { email: 'Tester+BNPL-Decline@example.com' } });
      const res = await verify(id, shownCode((await openPage(id)).body));
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<h1 id="title">Spotii cannot approve this purchase</h1>');
      expect(res.body).toContain(`<a class="button primary" href="${FAILURE}">Back to Tourist SIM</a>`);
      expect(res.body).not.toContain('value="approve"');
      expect(res.body).not.toContain(SUCCESS);
      expect((await get(id)).json()).toMatchObject({ status: 'rejected', rejection_reason: 'credit_check' });
      // Approving anyway changes nothing.
      expect((await decide(id, { decision: 'approve', session: 'x' })).body).toContain('Spotii cannot approve this purchase');
      expect(await statusOf(id)).toBe('rejected');
    });

    it('says an expired checkout has expired and links to the failure URL; nothing can be decided any more', async () => {
      const { id } = await create();
      const decision = await signIn(id);
      sandbox.clock += CHECKOUT_TTL_MS;
      const page = await openPage(id);
      expect(page.body).toContain('<h1 id="title">This checkout has expired</h1>');
      expect(page.body).toContain(`href="${FAILURE}"`);
      const late = await decide(id, { decision: 'approve', session: sessionOf(decision.body) });
      expect(late.statusCode).toBe(200);
      expect(late.body).toContain('This checkout has expired');
      expect(await statusOf(id)).toBe('expired');
    });

    it('says a decided checkout is decided, linking back to where its decision led', async () => {
      const approved = await create();
      await decide(approved.id, { decision: 'approve', session: sessionOf((await signIn(approved.id)).body) });
      const a = (await openPage(approved.id)).body;
      expect(a).toContain('This payment plan is already approved');
      expect(a).toContain(`href="${SUCCESS}"`);
      await capture(approved.id);
      expect((await openPage(approved.id)).body).toContain('This payment plan is already approved');
      // A second approval does not redirect again.
      expect((await decide(approved.id, { decision: 'decline' })).statusCode).toBe(200);
      expect(await statusOf(approved.id)).toBe('captured');

      const declined = await create();
      await decide(declined.id, { decision: 'decline' });
      const d = (await openPage(declined.id, 'ar')).body;
      expect(d).toContain('رُفضت عملية الدفع هذه');
      expect(d).toContain(`href="${FAILURE}"`);
    });

    it('answers an unknown checkout, or a malformed form, with a page that sends nowhere', async () => {
      const unknown = await openPage(`chk_${'0'.repeat(32)}`);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.body).toContain('This checkout does not exist');
      expect((await openPage('../../etc/passwd')).statusCode).toBe(404);
      expect((await verify(`chk_${'1'.repeat(32)}`, '123456')).statusCode).toBe(404);
      const { id } = await create();
      const bad = await decide(id, { decision: 'maybe' });
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toContain('This request cannot be completed');
      expect(await statusOf(id)).toBe('open');
      expect((await sandbox.app.inject({ method: 'GET', url: '/nowhere' })).statusCode).toBe(404);
    });

    it('escapes what the merchant sent', async () => {
      const { id } = await create({ description: '<script>alert(1)</script> & "SIM"' });
      const page = (await openPage(id)).body;
      expect(page).not.toContain('<script>alert(1)');
      expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;SIM&quot;');
    });
  });
});
