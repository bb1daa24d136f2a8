import { useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { bus, flowFlagsAtom } from '@join/shared';
import { useFocusStepHeading, useLanguage, useT } from '@join/shared/react';
import { Alert, Badge, Button, Card, StepHeading } from '@join/shared/ui';
import { deliveryApi, MAP_DEFAULT_CENTER, type Store } from '@join/shared/delivery';
import { Loading } from '../components/loading';
import { readDraft } from '../draft';
import { raise } from '../errors';
import { formatKm, formatTime, formatWhen, weekdayName } from '../format';
import { LoadFailed } from '@join/shared/display';
import { periodsOf, uaeWeekday, weekFrom } from '../hours';
import { LocateButton, LocateError, useLocate } from '../map/locate';
import { MapView, type LatLngPoint } from '../map/map-view';

type Origin = { kind: 'pin' | 'you' | 'dubai'; at: LatLngPoint };
const ORIGIN_TEXT = { pin: 'delivery.store.fromPin', you: 'delivery.store.fromYou', dubai: 'delivery.store.fromDubai' } as const;

/**
 * /submit_delivery/store (ROUTES.storePickup): collect the SIM in a store. The stores on the map
 * and in a list, nearest first from the pin, else the visitor's location (when they ask), else
 * Dubai; each with whether it is open now (and until when, or when it opens), today's hours and
 * the week in a disclosure. Choosing one places the pickup (POST /me/pickup, which brings the new
 * flow status) and announces delivery:order-placed. A paid tourist is told to bring the passport; a resident
 * pays at the store.
 */
export function StorePage() {
  const t = useT();
  const { language } = useLanguage();
  const paid = useAtomValue(flowFlagsAtom)?.is_plan_paid === true;
  const [origin, setOrigin] = useState<Origin>(() => {
    const pin = readDraft().pin;
    return pin ? { kind: 'pin', at: pin } : { kind: 'dubai', at: MAP_DEFAULT_CENTER };
  });
  const [chosen, setChosen] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const withdraws = useRef<(() => void)[]>([]);
  useEffect(() => () => withdraws.current.forEach((w) => w()), []);

  const stores = useQuery({
    queryKey: ['delivery', 'stores', language, origin.at.lat, origin.at.lng],
    queryFn: () => deliveryApi.stores(language, origin.at).then((r) => r.stores),
  });
  useFocusStepHeading(stores.data ? 'stores' : 'loading');
  const markers = useMemo(
    () => (stores.data ?? []).map((s) => ({ id: s.id, lat: s.lat, lng: s.lng, label: s.name, selected: s.id === chosen })),
    [stores.data, chosen],
  );

  const locator = useLocate((p) => setOrigin({ kind: 'you', at: p }));

  const pick = async (store: Store): Promise<void> => {
    if (busy) return;
    setBusy(store.id);
    try {
      await deliveryApi.pickup(store.id);
      bus.emit('delivery:order-placed', { kind: 'pickup' });
    } catch (err) {
      withdraws.current.push(raise(err, { retry: () => pick(store) }));
    } finally {
      setBusy(null);
    }
  };

  const showStore = (id: string) => {
    setChosen(id);
    document.getElementById(`store-${id}`)?.focus();
  };

  return (
    <section className="delivery delivery-stores" aria-labelledby="step-heading">
      <StepHeading>{t('delivery.store.title')}</StepHeading>
      <p className="delivery-trust">{paid ? t('delivery.store.paid') : t('delivery.store.payThere')}</p>
      {stores.data ? (
        <>
          <MapView
            pin={origin.kind === 'dubai' ? null : origin.at}
            focus={null}
            label={t('delivery.store.list')}
            markers={markers}
            onMarker={showStore}
          />
          <div className="delivery-actions">
            <LocateButton locator={locator} />
          </div>
          <LocateError locator={locator} />
          <h2 className="delivery-subheading">{t('delivery.store.list')}</h2>
          <p className="muted" aria-live="polite">
            {t(ORIGIN_TEXT[origin.kind])}
          </p>
          {stores.data.length === 0 ? (
            <Alert tone="info">
              <p>{t('delivery.store.none')}</p>
            </Alert>
          ) : (
            <ul className="delivery-store-list">
              {stores.data.map((s) => (
                <li key={s.id}>
                  <StoreCard store={s} selected={s.id === chosen} busy={busy === s.id} disabled={busy !== null} onPick={() => void pick(s)} language={language} />
                </li>
              ))}
            </ul>
          )}
        </>
      ) : stores.isError && !stores.isFetching ? (
        <LoadFailed text={t('delivery.store.failed')} onRetry={() => void stores.refetch()} />
      ) : (
        <Loading />
      )}
    </section>
  );
}

function StoreCard({ store, selected, busy, disabled, onPick, language }: { store: Store; selected: boolean; busy: boolean; disabled: boolean; onPick: () => void; language: 'en' | 'ar' }) {
  const t = useT();
  const today = uaeWeekday();
  const todays = periodsOf(store.hours, today);
  const status = store.open_now
    ? store.next_change
      ? t('delivery.store.closesAt', { time: formatTime(store.next_change, language) })
      : t('delivery.store.openNow')
    : store.next_change
      ? t('delivery.store.opensAt', { when: formatWhen(store.next_change, language, t) })
      : t('delivery.store.closed');
  return (
    <Card as="article" className={`delivery-store${selected ? ' delivery-store--selected' : ''}`} aria-labelledby={`store-${store.id}`}>
      <h3 id={`store-${store.id}`} tabIndex={-1} className="delivery-store__name">
        {store.name}
      </h3>
      <p className="muted">{store.address}</p>
      <p>
        <Badge tone={store.open_now ? 'success' : 'neutral'}>{status}</Badge>
        {store.distance_m !== null ? (
          <span className="delivery-store__distance">
            {' '}
            {t('delivery.store.distance', { km: formatKm(store.distance_m, language) })}
          </span>
        ) : null}
      </p>
      <p>{todays ? t('delivery.store.today', { periods: todays }) : t('delivery.store.todayClosed')}</p>
      <details className="delivery-store__week">
        <summary>{t('delivery.store.week')}</summary>
        <dl>
          {weekFrom(store.hours, today).map(([day, periods]) => (
            <div key={day}>
              <dt>{weekdayName(day, language)}</dt>
              <dd>
                {periods ? <bdi dir="ltr">{periods}</bdi> : t('delivery.store.closed')}
              </dd>
            </div>
          ))}
        </dl>
      </details>
      <Button variant={selected ? 'primary' : 'secondary'} busy={busy} disabled={disabled && !busy} onClick={onPick}>
        {t('delivery.store.choose', { name: store.name })}
      </Button>
    </Card>
  );
}
