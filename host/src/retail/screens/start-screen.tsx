import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useT } from '@join/shared/react';
import { Button } from '@join/shared/ui';
import { RETAIL_ROUTES, retailApi } from '@join/shared/retail';
import { takeRetailEntry } from '../../start/retail-start';
import { RetailAlert, RetailOff, RetailPage, TextWithData } from './retail-page';
import { DEVICE_QUERY_KEY, retailRedirect, useRetailDevice, useShopName } from './use-retail-device';
import { startCustomer } from './start-customer';
import { useRetailEntry } from './use-retail-entry';

/**
 * /retail: the shop device's start screen (where a wipe lands). The shop's name, the staff member
 * signed in, "Start a new customer" and "Sign out"; nothing of any customer. A device not
 * enrolled goes to the enrolment, one with no staff sign-in to the sign-in.
 */
export function StartScreen() {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const shopName = useShopName();
  const device = useRetailDevice();
  const [entry] = useState(takeRetailEntry);
  const entryState = useRetailEntry(entry, navigate);
  const start = useMutation({
    mutationFn: () => startCustomer(null),
    onSuccess: (to) => navigate(to),
    // The device's answer said a staff member was signed in: the next screen must ask again, not
    // read that answer from the cache and send the device straight back here.
    onError: (err) => {
      if (retailRedirect(err)) queryClient.removeQueries({ queryKey: DEVICE_QUERY_KEY });
    },
  });
  const signOut = useMutation({
    mutationFn: () => retailApi.staffSignOut(),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: DEVICE_QUERY_KEY });
      navigate(RETAIL_ROUTES.signIn);
    },
  });

  if (entryState === 'refused') {
    return (
      <RetailPage title={t('retail.start.title')}>
        <RetailAlert>{t('retail.entry.refused')}</RetailAlert>
        <Link className="btn btn--primary retail-button" to={RETAIL_ROUTES.signIn}>
          {t('retail.signIn.title')}
        </Link>
      </RetailPage>
    );
  }
  const redirect = device.isError ? retailRedirect(device.error) : device.data && !device.data.staff ? RETAIL_ROUTES.signIn : null;
  if (redirect === 'off') return <RetailOff />;
  if (redirect && entryState !== 'starting') return <Navigate to={redirect} replace />;
  const failed = start.isError ? retailRedirect(start.error) : null;
  if (failed === 'off') return <RetailOff />;
  if (failed) return <Navigate to={failed} replace />;
  if (!device.data || entryState === 'starting') {
    return (
      <RetailPage title={t('retail.start.title')}>
        {device.isError ? <RetailAlert>{t('retail.error.network')}</RetailAlert> : <p role="status">{t('retail.loading')}</p>}
      </RetailPage>
    );
  }
  const { shop, staff } = device.data;
  return (
    <RetailPage title={t('retail.start.title')} heading={shopName(shop)}>
      {staff ? (
        <p className="retail-staff">
          <TextWithData text="retail.start.staff" name="name" data={staff.name} />
        </p>
      ) : null}
      {start.isError || entryState === 'failed' ? <RetailAlert>{t('retail.start.failed')}</RetailAlert> : null}
      {signOut.isError ? <RetailAlert>{t('retail.error.network')}</RetailAlert> : null}
      <Button className="retail-button retail-button--large" busy={start.isPending} onClick={() => start.mutate()}>
        {t('retail.start.title')}
      </Button>
      <Button className="retail-button" variant="secondary" busy={signOut.isPending} onClick={() => signOut.mutate()}>
        {t('retail.start.signOut')}
      </Button>
    </RetailPage>
  );
}

