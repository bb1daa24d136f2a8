import { lazy, Suspense, useEffect, useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { Check, Circle } from 'lucide';
import { bus, flowFlagsAtom, serverFlowContextAtom } from '@join/shared';
import { refreshFlowStatus, useFocusStepHeading, useLanguage, useT } from '@join/shared/react';
import { Alert, Card, Icon, PhoneNumberText, StepHeading } from '@join/shared/ui';
import { deliveryApi, type Order } from '@join/shared/delivery';
import { aedOfFils, LoadFailed } from '@join/shared/display';
import { Loading } from '../components/loading';
import { WithValue } from '../components/with-value';
import { raise } from '../errors';
import { formatTime } from '../format';
import { isFinal, ORDER_POLL_MS, statusesOf } from '../order-status';
import { READONLY_ZOOM } from '../area';
import { MapView } from '../map/map-view';
import { NewsletterOptIn } from '../components/newsletter-opt-in';

// The referral offer (and the plan domain's calls it makes) comes after the order.
const ReferralOffer = lazy(() => import('../components/referral-offer'));

// The QR library comes with the eSIM view only.
const EsimView = lazy(() => import('../components/esim-view').then((m) => ({ default: m.EsimView })));

const ORDER_KEY = ['delivery', 'order'] as const;

/**
 * /thank-you: the order (GET /me/order) and what happens next. A delivery or a pickup shows its
 * live status as a progress list, asked again every ORDER_POLL_MS until a final status
 * (delivered, collected) and announced politely; the eta, the address or the store, and what is
 * left to pay (cash on delivery, at the store), said as paid once delivered or collected, with
 * what comes next only while it is still to come. A paid eSIM with no order yet is issued here
 * (POST /me/esim, once) and shown as a QR code and its activation code, polled until installed.
 * A final status refreshes the flow flags (sim delivered / activated).
 */
export function ThankYouPage() {
  const t = useT();
  const client = useQueryClient();
  const simType = useAtomValue(serverFlowContextAtom)?.sim_type ?? null;
  const paid = useAtomValue(flowFlagsAtom)?.is_plan_paid === true;
  const order = useQuery({
    queryKey: ORDER_KEY,
    queryFn: () => deliveryApi.order().then((r) => r.order),
    refetchInterval: (q) => {
      const o = q.state.data;
      return o && !isFinal(o.status) ? ORDER_POLL_MS : false;
    },
  });
  const withdraws = useRef<(() => void)[]>([]);
  useEffect(() => () => withdraws.current.forEach((w) => w()), []);

  // A paid eSIM without an order: issue it (once; the server answers the same order again).
  const reissue = useRef<() => void>(() => undefined);
  const issue = useMutation({
    mutationFn: () => deliveryApi.issueEsim().then((r) => r.order),
    onSuccess: (o) => {
      client.setQueryData(ORDER_KEY, o);
    },
    onError: (err) => {
      withdraws.current.push(raise(err, { retry: () => reissue.current() }));
    },
  });
  useEffect(() => {
    reissue.current = () => issue.mutate();
  });
  const wantsEsim = order.isSuccess && order.data === null && simType === 'esim' && paid;
  useEffect(() => {
    if (wantsEsim && issue.isIdle) issue.mutate();
  }, [wantsEsim, issue]);

  // The status became final: the flow's flags follow (is_sim_delivered / is_sim_activated).
  const finalSeen = useRef(false);
  const status = order.data?.status;
  useEffect(() => {
    if (status && isFinal(status) && !finalSeen.current) {
      finalSeen.current = true;
      void refreshFlowStatus().catch(() => undefined);
    }
  }, [status]);

  const o = order.data;
  // Tracking (issue 28): the order on screen is the purchase (the host's tracking sends it once per order).
  const [orderNumber, orderKind] = [o?.order_number, o?.kind];
  useEffect(() => {
    if (orderNumber && orderKind) bus.emit('delivery:order-shown', { orderNumber, kind: orderKind });
  }, [orderNumber, orderKind]);
  useFocusStepHeading(o ? `order-${o.kind}` : order.isError ? 'failed' : 'loading');
  return (
    <section className="delivery delivery-thanks" aria-labelledby="step-heading">
      <StepHeading>{o?.kind === 'esim' ? t('delivery.thanks.esimTitle') : t('delivery.thanks.title')}</StepHeading>
      {o ? (
        <OrderView order={o} />
      ) : order.isError && !order.isFetching ? (
        <LoadFailed text={t('delivery.thanks.failed')} onRetry={() => void order.refetch()} />
      ) : wantsEsim || issue.isPending ? (
        <p role="status">{t('delivery.thanks.issuing')}</p>
      ) : order.isSuccess ? (
        <p>{t('delivery.thanks.none')}</p>
      ) : (
        <Loading />
      )}
    </section>
  );
}

function OrderView({ order }: { order: Order }) {
  const t = useT();
  const { language } = useLanguage();
  const steps = statusesOf(order.kind);
  const reached = steps.indexOf(order.status);
  // Delivered or collected: the amount due was paid at the handover (the order keeps
  // what was due when it was placed), and what "happens next" has happened.
  const handedOver = order.status === 'delivered' || order.status === 'collected';
  return (
    <>
      <Card as="section" aria-labelledby="order-heading" className="delivery-order">
        <h2 id="order-heading" className="delivery-subheading">
          {t('delivery.thanks.number')}:{' '}
          <bdi dir="ltr" translate="no" className="delivery-order__number">
            {order.order_number}
          </bdi>
        </h2>
        <dl className="delivery-lines">
          <div>
            <dt>{t('delivery.thanks.msisdn')}</dt>
            <dd>
              <PhoneNumberText msisdn={order.msisdn} />
            </dd>
          </div>
        </dl>
      </Card>
      {order.redacted ? (
        // A device-id session (or another account) reads the order without its secrets.
        <Alert tone="info">{t('delivery.thanks.redacted')}</Alert>
      ) : null}
      {/* One boundary for everything under the order: while the eSIM's view (QR code) loads, the
          rest waits with it instead of being painted and then pushed down (a layout shift of
          0.29 on a phone, measured by the collector). */}
      <Suspense fallback={<Loading />}>
        {order.kind === 'esim' && order.esim ? <EsimView esim={order.esim} /> : null}
        <section aria-labelledby="progress-heading" className="delivery-progress">
          <h2 id="progress-heading" className="delivery-subheading">
            {order.kind === 'esim' ? t('delivery.esim.status') : t('delivery.thanks.progress')}
          </h2>
          <ol className="delivery-progress__list">
            {steps.map((s, i) => (
              <li key={s} className={i <= reached ? 'is-done' : ''} aria-current={i === reached ? 'step' : undefined}>
                <Icon icon={i <= reached ? Check : Circle} className="delivery-progress__icon" />
                <span>{t(`delivery.status.${s}`)}</span>
              </li>
            ))}
          </ol>
          <p className="visually-hidden" role="status" aria-live="polite">
            {t('delivery.thanks.now', { status: t(`delivery.status.${order.status}`) })}
          </p>
        </section>
        {order.kind === 'delivery' ? (
          <Card as="section" aria-labelledby="where-heading">
            {order.eta && !isFinal(order.status) ? <p className="delivery-promise">{t('delivery.thanks.eta', { time: formatTime(order.eta, language) })}</p> : null}
            <h2 id="where-heading" className="delivery-subheading">
              {t('delivery.thanks.address')}
            </h2>
            {order.delivery ? (
              <>
                {/* What the visitor typed, as they typed it (any script): not for translation. */}
                <p dir="auto" translate="no">
                  {order.delivery.address}
                  {order.delivery.address_2 ? <>, {order.delivery.address_2}</> : null}
                </p>
                <MapView pin={{ lat: order.delivery.lat, lng: order.delivery.lng }} label={t('delivery.map.readonly')} zoom={READONLY_ZOOM} />
              </>
            ) : null}
            <AmountDue order={order} text={handedOver ? 'delivery.thanks.cashPaid' : 'delivery.thanks.cash'} />
            {handedOver ? null : <p className="muted">{t('delivery.thanks.nextDelivery')}</p>}
          </Card>
        ) : order.kind === 'pickup' ? (
          <Card as="section" aria-labelledby="where-heading">
            <h2 id="where-heading" className="delivery-subheading">
              {t('delivery.thanks.store')}
            </h2>
            {order.store ? (
              <>
                <p>
                  <strong>{order.store.name}</strong>
                </p>
                <p className="muted">{order.store.address}</p>
              </>
            ) : null}
            <AmountDue order={order} text={handedOver ? 'delivery.thanks.atStorePaid' : 'delivery.thanks.atStore'} />
            {order.amount_due_fils > 0 || handedOver ? null : <p>{t('delivery.thanks.passport')}</p>}
            {handedOver ? null : <p className="muted">{t(order.status === 'ready_for_pickup' ? 'delivery.thanks.nextReady' : 'delivery.thanks.nextPickup')}</p>}
          </Card>
        ) : null}
        <NewsletterOptIn />
        {/* Last: when it appears (its own chunk, its own call), nothing under it moves. */}
        <Suspense fallback={null}>
          <ReferralOffer />
        </Suspense>
      </Suspense>
    </>
  );
}

/** What is left to pay at the handover (`text`: the words for it, with {{amount}}), or that nothing is. */
function AmountDue({ order, text }: { order: Order; text: string }) {
  const t = useT();
  const { language } = useLanguage();
  return (
    <p className="delivery-due">
      {order.amount_due_fils > 0 ? <WithValue text={text} values={{ amount: aedOfFils(order.amount_due_fils, language) }} /> : t('delivery.thanks.nothingDue')}
    </p>
  );
}
