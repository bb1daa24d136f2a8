import { expect, test, type Browser, type Page } from '@playwright/test';
import { SANDBOX_PORTS } from '../playwright.config';
import { ShellPage } from './pages/shell';
import { apiAsVisitor, apiHeaders } from './pages/api-as-visitor';
import { expectArabicScreen } from './pages/arabic';
import { PlanStepPage } from './pages/plan-step';
import { NumberStepPage } from './pages/number-step';
import { AccountStepPage } from './pages/account-step';
import { orderNumberOnPage } from './pages/delivery-step';
import { openAs, prepareVisitor, verifyPageVisitor } from './pages/prepared';
import { reachPayment } from './pages/payment-step';
import { DUBAI_MALL, MARINA_MALL, readAudit, shopDevice, type Shop } from './pages/retail';

/**
 * Retail customers in Chromium on a shop device (enrolled and signed in through the API:
 * pages/retail.ts; retail-enrol.spec.ts walks those screens): the retail header (Back and "Start
 * over", no footer), no location check, and pay at the counter on the shop's terminal, which is
 * the terminal sandbox's screen on its own origin, tapped in another page. The customer's page
 * learns the terminal's answer by itself (it asks every 2 s), as a customer at a counter sees it.
 *
 * A terminal takes one payment at a time: the English walk pays on Dubai Mall's, the Arabic one on
 * Marina Mall's, so the two can run side by side.
 */

// 18 s with the suite on 2 cores (the English walk: plan, number, account, counter): six times that (e2e/README.md "Timeouts").
test.setTimeout(120_000);

const terminalScreen = (shop: Shop, lang: 'en' | 'ar' = 'en') => `http://127.0.0.1:${SANDBOX_PORTS.terminal}/terminals/${shop.terminal}?lang=${lang}`;

/** The shop's terminal, in a page of its own: the pending payment tapped (approved) or refused with a reason. */
async function atTerminal(browser: Browser, shop: Shop, act: (terminal: Page) => Promise<void>, lang: 'en' | 'ar' = 'en') {
  const context = await browser.newContext();
  try {
    const terminal = await context.newPage();
    await terminal.goto(terminalScreen(shop, lang));
    await act(terminal);
  } finally {
    await context.close();
  }
}

const approve = (labels = { approve: 'Approve (tap card)', approved: /^Approved\. Authorisation code/ }) => async (terminal: Page) => {
  await terminal.getByRole('button', { name: labels.approve }).click();
  await expect(terminal.getByRole('status')).toHaveText(labels.approved);
};

/** The retail header: Back and "Start over" in the banner, and no footer. */
async function expectRetailHeader(page: Page, names = { back: 'Back', home: 'Start over' }) {
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('button', { name: names.back, exact: true })).toBeVisible();
  await expect(banner.getByRole('button', { name: names.home, exact: true })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
}

test('one customer in English, from "Start a new customer" to the receipt, paid at the counter; the audit has the sale by reference only', async ({ page, browser, baseURL }) => {
  const shell = new ShellPage(page);
  const omar = DUBAI_MALL.staff[0]!;
  const { deviceId } = await shopDevice(page, baseURL!, DUBAI_MALL, omar);
  await page.goto('/#/retail');
  await page.getByRole('button', { name: 'Start a new customer' }).click();
  await shell.expectStep('/plan-selection', 'Choose your plan');
  await expectRetailHeader(page);
  await shell.expectAccessible('retail: plan selection');

  // Plan and number as on a visitor's device.
  await new PlanStepPage(page).choose(0);
  await shell.expectStep('/number', 'Choose your number');
  const numbers = new NumberStepPage(page);
  await numbers.take();
  const number = await numbers.expectHeld();
  await page.getByRole('button', { name: 'Confirm this number' }).click();

  // A new account by an e-mailed code, then on to the identity check: no location check in a shop.
  await shell.expectStep('/login', 'Log in or create an account');
  const email = await new AccountStepPage(page).createByCode('retail');
  await shell.expectStep('/activation_method', /./);
  await expectRetailHeader(page);

  // The identity check (walked on screen by the identity-* specs) through the API for this page's session.
  await verifyPageVisitor(page);
  // Reloaded on the payment's address (replaceState: the router does not move before the reload).
  await page.evaluate(() => {
    history.replaceState(history.state, '', '/#/payment');
    location.reload();
  });
  await shell.expectStep('/payment', 'Payment');
  await expectRetailHeader(page);
  await page.getByRole('radio', { name: /^Pay at the counter/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText(`Terminal ${DUBAI_MALL.terminal}`)).toBeVisible();
  await shell.expectAccessible('retail: pay at the counter');
  await page.getByRole('button', { name: 'Send to the terminal' }).click();
  // Nothing on the customer's page can say "paid": only the terminal's signed answer does.
  await expect(page.getByRole('region', { name: 'Pay at the counter' }).getByRole('button')).toHaveText(['Cancel']);
  await shell.expectAccessible('retail: waiting for the terminal');

  // The staff member taps the card on the terminal; the customer's page moves on by itself.
  await atTerminal(browser, DUBAI_MALL, approve());
  await expect(page.getByRole('heading', { name: 'Your receipt' })).toBeVisible();
  await expect(page.getByText('Card, at the shop’s counter')).toBeVisible();
  await shell.expectAccessible('retail: receipt');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/#\/thank-you(\?|$)/);
  const order = await orderNumberOnPage(page);

  // The shop's audit: the customer's session, the payment and the order, by S1001, and nothing of the customer.
  const audit = await readAudit(baseURL!);
  const onThisDevice = audit.filter((e) => e.device_id === deviceId).map((e) => ({ action: e.action, staff: e.staff_id, ref: e.ref }));
  expect(onThisDevice).toEqual(
    expect.arrayContaining([
      { action: 'customer_session_started', staff: omar.id, ref: null },
      { action: 'payment_taken', staff: omar.id, ref: expect.stringMatching(/^pay_/) },
      { action: 'order_placed', staff: omar.id, ref: order },
    ]),
  );
  const text = JSON.stringify(audit);
  // The passport's holder (e2e/fixtures/identity passport-visitor.jpg): Elizabeth Ann Morgan, 533401871.
  for (const personal of [email, number, `971${number.slice(1)}`, 'MORGAN', 'ELIZABETH', '533401871']) expect(text, `the audit holds ${personal}`).not.toContain(personal);
});

test('a second customer in Arabic: the terminal declines, the decline in Arabic, sent again, approved', async ({ page, browser, baseURL }) => {
  const shell = new ShellPage(page);
  await shopDevice(page, baseURL!, MARINA_MALL);
  const customer = await prepareVisitor(page.request, { stage: 'verified', retail: true });
  await openAs(page, customer, '/payment', 'ar');
  await expect(shell.heading()).toHaveText('الدفع');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expectRetailHeader(page, { back: 'رجوع', home: 'البدء من جديد' });
  await page.getByRole('radio', { name: /^الدفع عند الكاونتر/ }).check();
  await page.getByRole('button', { name: 'متابعة' }).click();
  const send = page.getByRole('button', { name: 'إرسال إلى جهاز الدفع' });
  await expectArabicScreen(page, 'retail: pay at the counter');
  await send.click();
  await expect(page.getByRole('button', { name: 'إلغاء' })).toBeVisible();

  // Declined on the terminal (not enough funds): the reason in Arabic, and the choice open again.
  await atTerminal(
    browser,
    MARINA_MALL,
    async (terminal) => {
      await terminal.getByLabel('سبب الرفض').selectOption('insufficient_funds');
      await terminal.getByRole('button', { name: 'رفض', exact: true }).click();
      await expect(terminal.getByRole('status')).toHaveText('مرفوضة: الرصيد غير كافٍ.');
    },
    'ar',
  );
  const popup = page.getByRole('alertdialog');
  await expect(popup).toContainText('لا يوجد رصيد كافٍ في بطاقتك. يُرجى استخدام بطاقة أخرى.');
  await expectArabicScreen(page, 'retail: the terminal declined');
  await popup.getByRole('button').first().click();
  await expect(popup).toBeHidden();
  await expect(page.getByRole('button', { name: 'اختر طريقة الدفع' })).toBeVisible();

  // Another card on the terminal: sent again, approved, paid.
  await send.click();
  await expect(page.getByRole('button', { name: 'إلغاء' })).toBeVisible();
  await atTerminal(browser, MARINA_MALL, approve({ approve: 'موافقة (مرّر البطاقة)', approved: /^تمت الموافقة/ }), 'ar');
  await expect(page.getByRole('heading', { name: 'إيصالك' })).toBeVisible();
  await expectArabicScreen(page, 'retail: receipt');
});

test('outside a shop the counter is not offered, and a visitor asking for it anyway is refused', async ({ page }) => {
  await reachPayment(page);
  await expect(page.getByRole('radio', { name: /^Credit or debit card/ }).or(page.locator('iframe[title^="Card details"]')).first()).toBeVisible();
  await expect(page.getByText('Pay at the counter')).toHaveCount(0);
  // A visitor at home sending the payment to a shop's terminal (someone there might tap it): refused.
  const { session } = await apiAsVisitor(page, page.request);
  const asked = await page.request.post('/api/payment/counter', { headers: { ...apiHeaders(session.deviceId, session.sessionId), 'idempotency-key': crypto.randomUUID() }, form: {} });
  expect(asked.status(), await asked.text()).toBe(403);
  expect(((await asked.json()) as { code: string }).code).toBe('counter_not_available');
});
