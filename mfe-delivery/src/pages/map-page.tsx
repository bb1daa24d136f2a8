import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MapPin, Store } from 'lucide';
import { errorObjectForCode, ROUTES, translateOr } from '@join/shared';
import { useFocusStepHeading, useLanguage, useT } from '@join/shared/react';
import { Alert, Button, Icon, StepHeading } from '@join/shared/ui';
import { deliveryApi, DELIVERY_PROMISE_MINUTES, type Place } from '@join/shared/delivery';
import { areaName, areaSeparator } from '../area';
import { PlaceName } from '../components/place-name';
import { WithValue } from '../components/with-value';
import type { AreaResponse } from '@join/shared/delivery';
import { TrustLine } from '../components/trust-line';
import { PlaceSearch } from '../components/place-search';
import { readDraft, writeDraft } from '../draft';
import { formatTime } from '../format';
import { MapView, type LatLngPoint } from '../map/map-view';
import { DETAILS_ROUTE, go } from '../navigation';

/** The closed page's address with the zone's next opening (ISO) in its query. */
export const closedRoute = (next: string | null): string => (next ? `${ROUTES.deliveryClosed}?next=${encodeURIComponent(next)}` : ROUTES.deliveryClosed);

/**
 * /submit_delivery, the map sub-step: where the SIM goes. The visitor searches a place (UAE
 * only), drops or drags the pin, or uses their location; the pin's area is named back (GET
 * /delivery/area) and its coverage checked (GET /delivery/coverage): open says when the courier
 * arrives and leads on to the address form; closed (-128) goes to /delivery-closed with the
 * zone's next opening; unsupported (-401) says so (the catalogue's text) and offers the store.
 * The pin is kept in session storage (draft.ts).
 */
export function MapPage() {
  const t = useT();
  const { language } = useLanguage();
  const [pin, setPin] = useState<LatLngPoint | null>(() => readDraft().pin);
  const [focus, setFocus] = useState<LatLngPoint | null>(null);
  useFocusStepHeading('map');

  const queryClient = useQueryClient();
  const areaQuery = useCallback(
    (p: LatLngPoint) => ({ queryKey: ['delivery', 'area', p.lat, p.lng, language], queryFn: () => deliveryApi.area(p.lat, p.lng, language), retry: false }),
    [language],
  );
  const [water, setWater] = useState(false);
  const latest = useRef(0);
  /**
   * The pin goes only on land: the point's area is asked first, and a point in the
   * water (the sea, a marina, the creek) is refused with a word, the pin staying where it was
   * (a drag returns: the answer is false). When the area cannot be asked, the pin moves and the
   * answer's own error shows; the server refuses the water again at the order.
   */
  const place = useCallback(
    async (p: LatLngPoint, follow: boolean): Promise<boolean> => {
      const ask = ++latest.current;
      const answer = await queryClient.fetchQuery(areaQuery(p)).catch(() => null);
      if (ask !== latest.current) return false;
      if (answer?.inside_uae && answer.on_land === false) {
        setWater(true);
        return false;
      }
      setWater(false);
      setPin(p);
      writeDraft({ pin: p });
      if (follow) setFocus({ ...p });
      return true;
    },
    [queryClient, areaQuery],
  );

  const area = useQuery({
    ...areaQuery(pin ?? { lat: 0, lng: 0 }),
    enabled: pin !== null,
  });
  const inside = area.data?.inside_uae === true;
  const coverage = useQuery({
    queryKey: ['delivery', 'coverage', pin?.lat, pin?.lng],
    queryFn: () => deliveryApi.coverage(pin!.lat, pin!.lng),
    enabled: pin !== null && inside,
    retry: false,
  });
  const named = area.data ? areaName(area.data, t) : null;
  useEffect(() => {
    if (named) writeDraft({ area: named });
  }, [named]);

  // Closed now: the closed page says when it opens again (and offers the store).
  const leaving = useRef(false);
  useEffect(() => {
    const c = coverage.data;
    if (c?.status === 'closed' && !leaving.current) {
      leaving.current = true;
      go(closedRoute(c.next_opening));
    }
  }, [coverage.data]);

  const emirateName = (code: string) => t(`delivery.emirate.${code}`);
  const choosePlace = (p: Place) => void place({ lat: p.lat, lng: p.lng }, true);

  return (
    <section className="delivery" aria-labelledby="step-heading">
      <StepHeading>{t('delivery.title')}</StepHeading>
      <TrustLine />
      <PlaceSearch onChoose={choosePlace} emirateName={emirateName} />
      <MapView
        pin={pin}
        focus={focus}
        label={t('delivery.map.label')}
        onPin={(p, how) => place(p, how === 'location')}
      />
      <div className="delivery-answer" aria-live="polite">
        {water ? (
          <Alert tone="warning">
            <p>{t('delivery.pin.water')}</p>
          </Alert>
        ) : null}
        {pin === null ? (
          <p className="muted">{t('delivery.pin.none')}</p>
        ) : area.isFetching || coverage.isFetching ? (
          <p className="muted">{t('delivery.area.checking')}</p>
        ) : area.isError || coverage.isError ? (
          <Alert tone="error" actions={<Button variant="secondary" onClick={() => void (area.isError ? area.refetch() : coverage.refetch())}>{t('common.retry')}</Button>}>
            <p>{t('delivery.area.failed')}</p>
          </Alert>
        ) : area.data && !area.data.inside_uae ? (
          <Alert tone="warning">
            <p>{t('delivery.area.outside')}</p>
          </Alert>
        ) : (
          <>
            {named ? (
              <p className="delivery-area">
                <Icon icon={MapPin} className="delivery-area__icon" />
                <span>
                  <WithValue text="delivery.area.named" values={{ area: <AreaLabel area={area.data!} /> }} />
                </span>
              </p>
            ) : null}
            {coverage.data?.status === 'open' ? (
              <>
                <p className="delivery-promise">
                  {t('delivery.coverage.open', { count: DELIVERY_PROMISE_MINUTES, time: formatTime(coverage.data.eta, language) })}
                </p>
                <div className="delivery-actions">
                  <Button onClick={() => go(DETAILS_ROUTE)}>{t('delivery.continue')}</Button>
                  <Button variant="link" icon={Store} onClick={() => go(ROUTES.storePickup)}>
                    {t('delivery.collectInStore')}
                  </Button>
                </div>
              </>
            ) : coverage.data?.status === 'unsupported' ? (
              <Alert tone="warning" actions={<Button onClick={() => go(ROUTES.storePickup)}>{t('delivery.collectInStore')}</Button>}>
                <p>{errorObjectForCode(coverage.data.code, translateOr).text}</p>
              </Alert>
            ) : null}
          </>
        )}
      </div>
    </section>
  );
}

/** The pin's area: the place as the data writes it, then the emirate in the page's language. */
function AreaLabel({ area }: { area: AreaResponse }) {
  const t = useT();
  const emirate = area.emirate ? t(`delivery.emirate.${area.emirate}`) : null;
  if (!area.place) return <>{emirate}</>;
  if (!emirate || area.place.name === emirate) return <PlaceName name={area.place.name} />;
  return (
    <>
      <PlaceName name={area.place.name} />
      {areaSeparator(emirate)}
      {emirate}
    </>
  );
}
