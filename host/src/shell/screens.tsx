import { Button, useT } from '@join/shared';

/** Full-page states outside the routed shell: loading, fatal error, maintenance. */
export function AppLoading() {
  const t = useT();
  return (
    <main className="screen" id="main">
      <p role="status" aria-live="polite">
        {t('LOADING_MESSAGE_APP')}
      </p>
    </main>
  );
}

export function FatalScreen() {
  const t = useT();
  return (
    <main className="screen" id="main">
      <div className="card" role="alert">
        <h1>{t('fatal.title')}</h1>
        <p>{t('fatal.text')}</p>
        <Button onClick={() => window.location.reload()}>{t('fatal.reload')}</Button>
      </div>
    </main>
  );
}

export function MaintenanceScreen() {
  const t = useT();
  return (
    <main className="screen" id="main">
      <div className="card">
        <h1>{t('maintenance.title')}</h1>
        <p>{t('maintenance.text')}</p>
      </div>
    </main>
  );
}
