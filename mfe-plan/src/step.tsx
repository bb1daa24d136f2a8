import { ANNUAL_OFFER_PRODUCT_CODE, CUSTOM_PLAN_PRODUCT_CODE, ROUTES, type StepComponentProps } from '@join/shared';
import { PlanSelectionPage } from './pages/plan-selection-page';
import { BuilderPage } from './pages/builder-page';
import './plan.css';

/**
 * The plan step (remote join_plan, exposed as ./Step). The host routes /plan-selection and its
 * sub-routes here and guards them; this picks the page for the route it was given.
 */
export default function PlanStep({ route }: StepComponentProps) {
  switch (route) {
    case ROUTES.customPlan:
      return <BuilderPage key="custom" productCode={CUSTOM_PLAN_PRODUCT_CODE} />;
    case ROUTES.annualOffer:
      return <BuilderPage key="annual" productCode={ANNUAL_OFFER_PRODUCT_CODE} />;
    default:
      return <PlanSelectionPage />;
  }
}
