import { useT } from '@join/shared/react';
import { Button } from '@join/shared/ui';

/**
 * Full-page states outside the routed shell: loading, fatal error, maintenance. Loading uses
 * the shell's own frame (header bar, main) so nothing shifts when the shell replaces it.
 */
export function AppLoading() {
  const t = useT();
  return (
    <div className="shell">
      <header className="header header--plain">
        <span className="header__brand">
          <span aria-hidden="true">◆</span> {t('app.title')}
        </span>
      </header>
      <main className="shell__main" id="main">
        <div className="step-loading" role="status" aria-live="polite">
          <span className="spinner" aria-hidden="true" />
          {t('LOADING_MESSAGE_APP')}
        </div>
      </main>
    </div>
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
