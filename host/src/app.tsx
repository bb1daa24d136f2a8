import { useEffect, useState } from 'react';
import { HashRouter } from 'react-router-dom';
import { useLanguage } from '@join/shared';
import { startUp, type StartResult } from './start/start-up';
import { rewriteLocation } from './routing/rewrite-location';
import { Shell } from './shell/shell';
import { FatalScreen, MaintenanceScreen, AppLoading } from './shell/screens';

/** Runs start-up once, then renders the routed shell (routes render only after flow status). */
export function App() {
  const [state, setState] = useState<StartResult | 'loading'>('loading');
  const { language, dir } = useLanguage();
  useEffect(() => {
    document.documentElement.lang = language;
    document.documentElement.dir = dir;
  }, [language, dir]);
  useEffect(() => {
    rewriteLocation(window.location, window.history);
    startUp().then(setState, (err: unknown) => {
      console.error('start-up failed', err);
      setState('fatal');
    });
  }, []);
  if (state === 'loading') return <AppLoading />;
  if (state === 'fatal') return <FatalScreen />;
  if (state === 'maintenance') return <MaintenanceScreen />;
  return (
    <HashRouter>
      <Shell />
    </HashRouter>
  );
}
