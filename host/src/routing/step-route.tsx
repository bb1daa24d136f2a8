import { Navigate, useLocation } from 'react-router-dom';
import { ownerStepForPath, resolveRoute, type FlowContext } from '@join/shared';
import { ComingSoon, RemoteStep } from '../federation/remote-step';

/** Every route: the flow contract decides (render or redirect); a step renders from its remote. */
export function StepRoute({ ctx }: { ctx: FlowContext }) {
  const { pathname, search } = useLocation();
  const decision = resolveRoute(pathname, ctx);
  if (decision.kind === 'redirect') return <Navigate to={decision.to + (decision.to.includes('?') ? '' : search)} replace />;
  const step = ownerStepForPath(pathname);
  if (!step) return <Navigate to="/" replace />;
  // A step no registered module renders yet (the module registry) is routed and guarded, and says so.
  if (!step.remote) return <ComingSoon titleKey={step.titleKey} />;
  return (
    <RemoteStep
      key={step.name}
      remote={step.remote}
      route={pathname}
      loadingKey={step.loadingKey}
      titleKey={step.titleKey}
    />
  );
}
