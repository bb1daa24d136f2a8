import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { cartVisible, flowFlagsAtom, recommendedRoute, ROUTES, routeTitleKey, stepForPath, STEPS, type FlowContext, type RemoteName } from '@join/shared';
import { focusStepHeading, useT } from '@join/shared/react';
import { useFlowContext } from '../routing/use-flow-context';
import { StepRoute } from '../routing/step-route';
import { prefetchStep, preloadStep } from '../federation/remotes';
import { whenStepSettled } from '../federation/step-shown';
import { releaseFirstScreen } from '../start/first-screen';
import { Header } from './header';
import { Footer } from './footer';
import { ProgressStepper } from './progress-stepper';
import { SummaryBar, SummaryColumn } from './order-summary';
import { ErrorPopup } from './error-popup';
import { HelpModal } from './help-modal';
import { useSessionEnded } from './use-session-ended';
import { whenIdle } from './when-idle';
import { listenForOutcomes } from './outcomes';
import { startTracking } from './tracking-gate';
import { reportStep, startMeasurement } from '../measurement/measurement';
import { ConsentSlot } from '../consent/consent-slot';
import { AppBannerSlot } from '../app-banner/app-banner-slot';
import { markRetailPage } from '../retail/retail-page';
import { loadRetailShell } from '../retail/load-retail';

/** A shop device's additions (idle watch, "Start over?", no back/forward cache): never in a visitor's download. */
const RetailChrome = lazy(() => loadRetailShell().then((m) => ({ default: m.RetailChrome })));

/**
 * The routed shell: header, the current step, footer and pop-ups. Step modules announce
 * what happened on the bus; the shell decides where the user goes, through the flow contract.
 */
export function Shell() {
  const t = useT();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [inApp, setInApp] = useState(false);
  const ctx = useFlowContext(inApp);
  const ctxRef = useRef<FlowContext>(ctx);
  ctxRef.current = ctx;
  const flags = useAtomValue(flowFlagsAtom);
  useSessionEnded();

  useEffect(
    () =>
      listenForOutcomes({
        context: () => ctxRef.current,
        navigate: (to) => {
          setInApp(true);
          navigate(to);
        },
      }),
    [navigate],
  );
  // Tag-manager tracking: its code loads only after a yes to analytics (tracking-gate.ts).
  useEffect(() => startTracking(), []);
  // The first-party collector's sender: loaded only after a yes to analytics (issue 28).
  useEffect(() => startMeasurement(), []);

  // Focus the page heading and retitle the document on every route change, sub-pages of a
  // step included (WCAG 2.4.3, 2.4.2).
  const step = stepForPath(pathname);
  useEffect(() => reportStep(step?.name), [step?.name]);
  useEffect(() => {
    document.title = `${t(routeTitleKey(pathname))} | ${t('app.title')}`;
    const stop = focusStepHeading();
    // Warm the next step's remote while the user is here, once this step shows its data and the
    // browser is idle: never in competition with the step on screen (its chunks, its data, its
    // blocking time: Lighthouse showed the next step's download before the plan cards). From the
    // first screen its files only (its blocking time stays the first screen's own); from a later
    // step the module itself, run and ready (its container, its shared modules), so that the step
    // change costs what one bundle's would (the per-step benchmark: +0.3 s on a phone otherwise).
    const next = step ? STEPS.find((s) => s.order > step.order && s.remote !== null && s.remote !== step.remote)?.remote : undefined;
    const warm = step === STEPS[0] ? (name: RemoteName) => void prefetchStep(name) : preloadStep;
    const noop = () => undefined as void;
    let idle = noop;
    // Once this step shows its data: the server's first screen, if the page has one, gives way to
    // it (the root only redirects: not yet; a step with no module: at once), then the next step warms.
    const settled =
      pathname === ROUTES.root
        ? noop
        : step?.remote
          ? whenStepSettled(step.remote, () => {
              releaseFirstScreen();
              if (next) idle = whenIdle(() => warm(next));
            })
          : (releaseFirstScreen(), noop);
    return () => {
      stop();
      settled();
      idle();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per route, not per render
  }, [pathname, t]);

  if (!flags) return null; // routes render only once the flow status has loaded
  // The summary's place is decided by the route alone (where the cart shows), never by whether
  // something is selected yet, so neither the column nor the bar's reserved room moves the step.
  // The root renders nothing and redirects at once: draw the chrome (header variant, cart,
  // stepper, summary) of where it goes, so nothing moves when the redirect lands (CLS).
  const shownPath = pathname === ROUTES.root ? rootTarget(ctx) : pathname;
  return (
    <ShellFrame pathname={shownPath} ctx={ctx}>
      <Routes>
        <Route path="/" element={<RootRedirect ctx={ctx} />} />
        <Route path="*" element={<StepRoute ctx={ctx} />} />
      </Routes>
    </ShellFrame>
  );
}

/**
 * The shell's frame around a step: every piece of it in a landmark of its own, each named
 * uniquely (axe's region and landmark-unique): the header (banner), the stepper (region
 * "Your progress"), the step (main), the summary (complementary: the column on wide screens, the
 * bar on phones, one on screen at a time), the footer (contentinfo, its nav). Pop-ups are dialogs.
 * A retail customer (SPEC 2) has no footer (nor its logout: the wipe ends a customer) and the
 * retail chrome instead.
 */
export function ShellFrame({ pathname, ctx, children }: { pathname: string; ctx: FlowContext; children: React.ReactNode }) {
  const t = useT();
  const withSummary = cartVisible(pathname);
  const retail = ctx.retail === true;
  useEffect(() => {
    if (retail) markRetailPage();
  }, [retail]);
  return (
    <div className={withSummary ? 'shell shell--summary' : 'shell'}>
      <a className="skip-link" href="#main" onClick={(e) => { e.preventDefault(); focusStepHeading(); }}>
        {t('app.skip')}
      </a>
      <Header pathname={pathname} ctx={ctx} />
      <ProgressStepper pathname={pathname} ctx={ctx} />
      <div className="shell__body">
        <main id="main" className="shell__main" tabIndex={-1}>
          {children}
        </main>
        {withSummary ? <SummaryColumn ctx={ctx} /> : null}
      </div>
      {retail ? null : <Footer />}
      {withSummary ? <SummaryBar ctx={ctx} /> : null}
      <HelpModal />
      {retail ? null : <ConsentSlot />}
      {retail ? null : <AppBannerSlot pathname={pathname} />}
      <ErrorPopup ctx={ctx} />
      {retail ? (
        <Suspense fallback={null}>
          <RetailChrome pathname={pathname} />
        </Suspense>
      ) : null}
    </div>
  );
}

/** Where the root sends the visitor: the recommended route (never the root itself). */
function rootTarget(ctx: FlowContext): string {
  const to = recommendedRoute(ctx);
  return to === ROUTES.root ? ROUTES.planSelection : to;
}

function RootRedirect({ ctx }: { ctx: FlowContext }) {
  const navigate = useNavigate();
  const to = rootTarget(ctx);
  useEffect(() => {
    navigate(to, { replace: true });
  }, [navigate, to]);
  return null;
}
