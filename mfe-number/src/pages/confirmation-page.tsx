import { lazy, Suspense, useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { numberAtom, ROUTES, savedPlanAtom } from '@join/shared';
import { useT } from '@join/shared/react';
import { Button, StepHeading } from '@join/shared/ui';
import { useNumberAction } from '../hooks/use-number-action';
import { commitAndContinue, extendHold } from '../number-actions';
import { HeldNumber } from '../components/held-number';
import { isVip } from '../hold';
import { go } from '../navigation';
import { useNumberExpiry } from '../use-number-expiry';

// The VIP plans (and the plan domain they call) load only when a VIP number needs its plan.
const VipPlans = lazy(() => import('../components/vip-plans').then((m) => ({ default: m.VipPlans })));

/**
 * /number/confirmation: the visitor confirms the held number (the server records it). A VIP
 * number first takes one of the VIP plans of its level.
 */
export function ConfirmationPage() {
  const t = useT();
  const held = useAtomValue(numberAtom);
  const saved = useAtomValue(savedPlanAtom);
  const { busy, run } = useNumberAction<'confirm' | 'extend'>();
  const backToNumber = () => go(ROUTES.number);
  const expired = useNumberExpiry(backToNumber);

  useEffect(() => {
    if (!held) backToNumber();
  }, [held]);
  if (!held) return null;

  const vip = isVip(held.VanityLevelId);
  const needsVipPlan = vip && !(saved?.product.ProductCategory === 'VIP' && saved.VanityLevel === held.VanityLevelId);
  const confirm = () => run('confirm', commitAndContinue);
  const extend = () =>
    run('extend', async () => {
      await extendHold();
    });

  return (
    <section className="number-confirmation" aria-labelledby="step-heading">
      <StepHeading>{t('confirm.title')}</StepHeading>
      <HeldNumber number={held} onExpired={expired} onExtend={() => void extend()} extending={busy === 'extend'}>
        {!needsVipPlan ? (
          <Button onClick={() => void confirm()} busy={busy === 'confirm'} disabled={busy !== null}>
            {t('confirm.confirm')}
          </Button>
        ) : null}
        <Button variant="secondary" onClick={backToNumber} disabled={busy !== null}>
          {t('confirm.another')}
        </Button>
      </HeldNumber>
      {needsVipPlan ? (
        <Suspense fallback={<p role="status">{t('LOADING_MESSAGE_PLAN')}</p>}>
          <VipPlans number={held} onSaved={() => void confirm()} />
        </Suspense>
      ) : null}
    </section>
  );
}
