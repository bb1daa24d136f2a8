import { useCallback, useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { formatMsisdn, isApiError, numberAtom, ROUTES, type PhoneNumber } from '@join/shared';
import { useT } from '@join/shared/react';
import { Button, LiveRegion, StepHeading } from '@join/shared/ui';
import { cancelNumber, commitAndContinue, extendHold, offerRandomNumber, reserveNumber } from '../number-actions';
import { ConnectionCheck } from '../components/connection-check';
import { HeldNumber } from '../components/held-number';
import { NumberOffer } from '../components/number-offer';
import { isTransfer, isVip } from '../hold';
import { go } from '../navigation';
import { useNumberExpiry } from '../use-number-expiry';
import { readStoredOffer, storeOffer } from '../offer-storage';
import { useNumberAction } from '../hooks/use-number-action';
import { useSkipsConfirmation } from '../hooks/use-skips-confirmation';

type Busy = 'offer' | 'reserve' | 'cancel' | 'continue' | 'extend' | null;

/**
 * /number. Screen states of SPEC 2: loading, random (an offer, with the switch-to-us offer of
 * a transfer beside it), stored (a held number, also after a reload) and warning (the hold is
 * about to end; HeldNumber shows it). The transfer pages are the switchtous state.
 */
export function NumberHome() {
  const t = useT();
  const held = useAtomValue(numberAtom);
  // The offer survives a reload of this tab (the language switch reloads): offer-storage.ts.
  const [offer, setOfferState] = useState<PhoneNumber | null>(readStoredOffer);
  const setOffer = useCallback((next: PhoneNumber | null) => {
    storeOffer(next);
    setOfferState(next);
  }, []);
  const [empty, setEmpty] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const skipsConfirmation = useSkipsConfirmation();

  const offerAfterLoss = useCallback(async (err: unknown) => {
    // Someone else took it (-2015) or it expired (-2010): offer another number.
    if (isApiError(err) && (err.code === -2015 || err.code === -2010)) {
      setOffer(await offerRandomNumber().catch(() => null));
    }
  }, [setOffer]);
  const { busy, run } = useNumberAction<Exclude<Busy, null>>(offerAfterLoss);

  const another = useCallback(
    () =>
      run('offer', async () => {
        const next = await offerRandomNumber();
        setOffer(next);
        setEmpty(next === null);
      }),
    [run, setOffer],
  );

  useEffect(() => {
    if (!held && !offer) void another();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when nothing is held or offered
  }, [held]);

  const take = (n: PhoneNumber) =>
    run('reserve', async () => {
      const number = await reserveNumber(n.MSISDN, { via: 'random' });
      setOffer(null);
      setAnnouncement(t('number.reserved', { number: formatMsisdn(number.MSISDN) }));
      // A non-VIP choice is confirmed on its own page unless the experiment skips it (SPEC 4): then
      // the held number stays here, and its Continue confirms it.
      if (isVip(number.VanityLevelId) || !skipsConfirmation) go(ROUTES.numberConfirmation);
    });

  const release = (n: PhoneNumber) =>
    run('cancel', async () => {
      await cancelNumber(n.MSISDN);
      setAnnouncement(t(isTransfer(n) ? 'number.transferReset' : 'number.released'));
      // No offer fetched here: with nothing held, the effect above offers one (only once).
    });

  // With the experiment on, Continue confirms a non-VIP number itself (the server's commit, as the
  // confirmation page's); a VIP number always goes to its confirmation (SPEC 4).
  const proceed = (n: PhoneNumber) =>
    skipsConfirmation && !isVip(n.VanityLevelId) ? void run('continue', commitAndContinue) : go(ROUTES.numberConfirmation);

  const expired = useNumberExpiry();

  return (
    <section className="number-step" aria-labelledby="step-heading" aria-busy={busy === 'offer' && !offer}>
      <StepHeading>{t('STEP_TITLE_NUMBER')}</StepHeading>
      {held ? (
        <>
          <HeldNumber
            number={held}
            onExpired={expired}
            extending={busy === 'extend'}
            onExtend={() =>
              void run('extend', async () => {
                await extendHold();
                setAnnouncement(t('number.extended'));
              })
            }
          >
            <Button onClick={() => proceed(held)} busy={busy === 'continue'} disabled={busy !== null}>
              {t('number.continue')}
            </Button>
            <Button variant="secondary" onClick={() => void release(held)} busy={busy === 'cancel'} disabled={busy !== null}>
              {isTransfer(held) ? t('number.resetTransfer') : t('number.cancel')}
            </Button>
            <Button variant="link" onClick={() => void another()} disabled={busy !== null}>
              {t('number.different')}
            </Button>
          </HeldNumber>
          {offer ? (
            // Taking this one cancels the held number first (SPEC 4).
            <NumberOffer
              offer={offer}
              busy={busy === 'offer' || busy === 'reserve' ? busy : null}
              onTake={() => void take(offer)}
              onAnother={() => void another()}
            />
          ) : null}
        </>
      ) : offer ? (
        <div data-state="random">
          <p>{t('number.intro')}</p>
          <NumberOffer
            offer={offer}
            busy={busy === 'offer' || busy === 'reserve' ? busy : null}
            onTake={() => void take(offer)}
            onAnother={() => void another()}
          />
        </div>
      ) : empty ? (
        <div className="card" role="alert">
          <p>{t('number.none')}</p>
          <Button onClick={() => void another()}>{t('common.retry')}</Button>
        </div>
      ) : (
        <p role="status" data-state="loading">
          {t('LOADING_MESSAGE_NUMBER')}
        </p>
      )}
      {!held ? (
        <div className="number-ways">
          <WayCard title={t('search.title')} teaser={t('search.teaser')} action={t('search.open')} route={ROUTES.numberSearch} />
          <WayCard className="switch-to-us" title={t('transfer.teaserTitle')} teaser={t('transfer.teaser')} action={t('transfer.open')} route={ROUTES.numberTransfer} />
        </div>
      ) : null}
      <ConnectionCheck />
      <LiveRegion message={announcement} />
    </section>
  );
}

/** Another way to a number (search, or bring your own): its title, a line about it and the button there. */
function WayCard({ title, teaser, action, route, className }: { title: string; teaser: string; action: string; route: string; className?: string }) {
  return (
    <div className={className ? `card ${className}` : 'card'}>
      <h2>{title}</h2>
      <p>{teaser}</p>
      <Button variant="secondary" onClick={() => go(route)}>
        {action}
      </Button>
    </div>
  );
}
