import { useEffect, type ReactNode } from 'react';
import { isApiError } from '@join/shared';
import { focusStepHeading, useT } from '@join/shared/react';
import { StepHeading } from '@join/shared/ui';
import { LanguageSwitch } from '../../shell/language-switch';

/**
 * One retail screen: its own landmark and h1 (focused when the screen opens, WCAG 2.4.3) and the
 * document's title (2.4.2). Outside the purchase flow: no header, stepper, summary nor footer;
 * only the switch to the other language, so staff choose the device's language here (a wipe puts
 * it back to English for the next customer: host/src/retail/wipe.ts).
 */
export function RetailPage({ title, heading, children }: { title: string; heading?: ReactNode; children: ReactNode }) {
  const t = useT();
  useEffect(() => {
    document.title = `${title} | ${t('app.title')}`;
  }, [title, t]);
  useEffect(() => focusStepHeading(), []);
  return (
    <main id="main" className="retail-screen" tabIndex={-1}>
      <div className="retail-screen__language">
        <LanguageSwitch />
      </div>
      <StepHeading>{heading ?? title}</StepHeading>
      {children}
    </main>
  );
}

/**
 * Data written as it is in either language (a staff id, a pairing code, a device id, a person's
 * name as on their badge): isolated left to right and marked not for translation, like a name on
 * a passport in the identity step.
 */
export function AsWritten({ children }: { children: ReactNode }) {
  return (
    <bdi dir="ltr" translate="no">
      {children}
    </bdi>
  );
}

// A private-use character: no translation contains one.
const DATA_SLOT = '\uE000';

/**
 * A translated text whose one parameter `name` is data written as it is (AsWritten) in its place:
 * an Arabic sentence keeps its order around it. (`@join/shared/display`'s WithValue does this for
 * the step remotes; here it would bring that whole entry into the retail chunk.)
 */
export function TextWithData({ text, name, data, params = {} }: { text: string; name: string; data: ReactNode; params?: Record<string, string> }) {
  const t = useT();
  const [before, after = ''] = t(text, { ...params, [name]: DATA_SLOT }).split(DATA_SLOT);
  return (
    <>
      {before}
      <AsWritten>{data}</AsWritten>
      {after}
    </>
  );
}

/** An announced message (role=alert): a refusal or a failure the person has to act on. */
export function RetailAlert({ children }: { children: ReactNode }) {
  return (
    <p className="retail-alert" role="alert">
      {children}
    </p>
  );
}

/** SPEC 9: the retail flow is a configured flag; off, every retail screen says so and does nothing. */
export function RetailOff() {
  const t = useT();
  return (
    <RetailPage title={t('retail.off.title')}>
      <p>{t('retail.off.body')}</p>
    </RetailPage>
  );
}

/** The API error code of a failed call, or null (a lost connection, an unexpected answer). */
export function errorCode(err: unknown): string | null {
  return isApiError(err) && typeof err.code === 'string' ? err.code : null;
}
