import type { ReactNode } from 'react';
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

/** A full-page message in a card: the fatal error (an alert, with its reload) and maintenance. */
function ScreenCard({ title, text, role, children }: { title: string; text: string; role?: 'alert'; children?: ReactNode }) {
  return (
    <main className="screen" id="main">
      <div className="card" role={role}>
        <h1>{title}</h1>
        <p>{text}</p>
        {children}
      </div>
    </main>
  );
}

export function FatalScreen() {
  const t = useT();
  return (
    <ScreenCard title={t('fatal.title')} text={t('fatal.text')} role="alert">
      <Button onClick={() => window.location.reload()}>{t('fatal.reload')}</Button>
    </ScreenCard>
  );
}

export function MaintenanceScreen() {
  const t = useT();
  return <ScreenCard title={t('maintenance.title')} text={t('maintenance.text')} />;
}
