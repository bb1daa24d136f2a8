import { lazy, Suspense } from 'react';
import { useT } from '@join/shared/react';
import { CheckFrame } from './components/check-frame';
import type { CheckRoute } from './verification/paths';

const MethodPage = lazy(() => import('./pages/method-page').then((m) => ({ default: m.MethodPage })));
const DocumentPage = lazy(() => import('./pages/document-page').then((m) => ({ default: m.DocumentPage })));
const UploadPage = lazy(() => import('./pages/upload-page').then((m) => ({ default: m.UploadPage })));
const FacePage = lazy(() => import('./pages/face-page').then((m) => ({ default: m.FacePage })));

/**
 * One screen of the identity check for its route (verification/paths.ts), inside the frame
 * every screen shares (the under-18 end, the residency answer first). Each page is its own
 * chunk: the camera code only on the document, the file checks only on the upload.
 */
export function CheckScreen({ route, check }: { route: string; check: CheckRoute }) {
  const t = useT();
  const { screen, path } = check;
  return (
    <CheckFrame path={path}>
      <Suspense fallback={<p role="status">{t('LOADING_MESSAGE_ACTIVATION_METHOD')}</p>}>
        {path === null ? (
          <MethodPage />
        ) : screen === 'upload' ? (
          <UploadPage path={path} route={route} />
        ) : screen === 'face' ? (
          <FacePage path={path} route={route} />
        ) : (
          <DocumentPage key={path} path={path} route={route} />
        )}
      </Suspense>
    </CheckFrame>
  );
}
