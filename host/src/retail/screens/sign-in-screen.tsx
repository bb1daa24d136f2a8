import { Navigate, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { useT } from '@join/shared/react';
import { RETAIL_ROUTES, retailApi } from '@join/shared/retail';
import { RetailOff, RetailPage } from './retail-page';
import { StaffPinFields } from './staff-pin-form';
import { DEVICE_QUERY_KEY, retailRedirect, useRetailDevice, useShopName } from './use-retail-device';

/**
 * /retail/sign-in: a staff member signs in on an enrolled device (staff id + PIN; the server
 * sets the staff cookie, bound to this device). A device not enrolled goes to the enrolment;
 * one with a staff member signed in already, to the start screen.
 */
export function SignInScreen() {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const shopName = useShopName();
  const device = useRetailDevice();
  const redirect = device.isError ? retailRedirect(device.error) : null;
  if (redirect === 'off') return <RetailOff />;
  if (redirect === RETAIL_ROUTES.enrol) return <Navigate to={redirect} replace />;
  if (device.data?.staff) return <Navigate to={RETAIL_ROUTES.start} replace />;

  const signIn = async (staffId: string, pin: string) => {
    await retailApi.staffSignIn(staffId, pin);
    queryClient.removeQueries({ queryKey: DEVICE_QUERY_KEY });
    navigate(RETAIL_ROUTES.start);
  };
  return (
    <RetailPage title={t('retail.signIn.title')}>
      {device.data ? <p className="retail-shop">{shopName(device.data.shop)}</p> : null}
      <StaffPinFields onSignIn={signIn} />
    </RetailPage>
  );
}
