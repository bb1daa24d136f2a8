import { useState } from 'react';
import { useT } from '@join/shared/react';
import { retailApi, type ManagerSignInResponse } from '@join/shared/retail';
import { RetailPage, TextWithData } from './retail-page';
import { StaffPinFields } from './staff-pin-form';
import { useShopName } from './use-retail-device';
import { ApproveDevice } from './approve-device';
import { AuditSection } from './audit-section';

/**
 * /retail/manager (its own chunk): a manager signs in (the manager cookie, on any device), then
 * approves or denies a device's pairing code (RFC 8628's verification page: `?user_code=` from
 * verification_uri_complete is prefilled) and reads the shop's audit. The sign-in is not
 * remembered by the page: the cookie is HttpOnly and a reload asks again.
 */
export default function ManagerScreen() {
  const t = useT();
  const shopName = useShopName();
  const [manager, setManager] = useState<ManagerSignInResponse | null>(null);
  if (!manager) {
    return (
      <RetailPage title={t('retail.manager.title')}>
        <p>{t('retail.manager.intro')}</p>
        <StaffPinFields onSignIn={async (id, pin) => setManager(await retailApi.managerSignIn(id, pin))} />
      </RetailPage>
    );
  }
  return (
    <RetailPage title={t('retail.manager.title')}>
      <p className="retail-staff">
        <TextWithData text="retail.manager.signedIn" name="name" data={manager.manager.name} params={{ shop: shopName(manager.shop) }} />
      </p>
      <ApproveDevice />
      <AuditSection />
    </RetailPage>
  );
}
