import { lazy, Suspense } from 'react';
import { ROUTES, type StepComponentProps } from '@join/shared';
import { useT } from '@join/shared/react';
import { ANNUAL_OFFER_PRODUCT_CODE, CUSTOM_PLAN_PRODUCT_CODE } from '@join/shared/plans';
import { PlanSelectionPage } from './pages/plan-selection-page';
import './plan.css';

// The builders are a second visit's page: their code loads when opened, so the first
// download stays inside the remote's size budget (scripts/size-report.mjs).
const BuilderPage = lazy(() => import('./pages/builder-page').then((m) => ({ default: m.BuilderPage })));

function Loading() {
  const t = useT();
  return <p role="status">{t('LOADING_MESSAGE_PLAN')}</p>;
}

/**
 * The plan step (remote join_plan, exposed as ./Step). The host routes /plan-selection and its
 * sub-routes here and guards them; this picks the page for the route it was given.
 */
export default function PlanStep({ route }: StepComponentProps) {
  switch (route) {
    case ROUTES.customPlan:
    case ROUTES.annualOffer:
      return (
        <Suspense fallback={<Loading />}>
          <BuilderPage
            key={route}
            productCode={route === ROUTES.annualOffer ? ANNUAL_OFFER_PRODUCT_CODE : CUSTOM_PLAN_PRODUCT_CODE}
          />
        </Suspense>
      );
    default:
      return <PlanSelectionPage />;
  }
}
