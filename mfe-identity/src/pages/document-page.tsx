import { useState } from 'react';
import { useSetAtom } from 'jotai';
import { Camera, Upload } from 'lucide';
import { ROUTES } from '@join/shared';
import { useFocusStepHeading, useT } from '@join/shared/react';
import { Button, LiveRegion, StepHeading } from '@join/shared/ui';
import { CameraFailureAlert } from '../components/camera-failure';
import { GuidancePanel, guidanceHasButton, type GuidanceHandlers } from '../components/guidance-panel';
import { QualityHints } from '../components/quality-hints';
import { TrustNote } from '../components/trust-note';
import { useAction } from '../hooks/use-action';
import { useCamera } from '../hooks/use-camera';
import { useDocumentSides } from '../hooks/use-document-sides';
import { useGuidance } from '../hooks/use-guidance';
import { useObjectUrl } from '../hooks/use-object-url';
import { captureFrame, DOCUMENT_CAMERA } from '../camera';
import { suggestResidentAtom } from '../verification/check-store';
import { qualityHints, type QualityHint } from '../verification/image-quality';
import { PATH_ROUTES, type CheckPath } from '../verification/paths';
import { go } from '../navigation';

interface Captured {
  readonly jpeg: Blob;
  readonly hints: readonly QualityHint[];
}

const DOCUMENT_SCREENS = ['document'] as const;

/**
 * The document scan: a resident's Emirates ID front then back
 * (/activation_method/scan_document), a visitor's passport photo page (/id_check). The rear
 * camera with a frame guide shaped like the document; Take photo gives a still with its quality
 * hints (dark, glare, blurry: hints only), Retake or Use this photo. The server's remaining
 * sides drive the next side; none left: on to the face. "Upload a photo instead" is always
 * there, and is the way on when the camera cannot be used.
 */
export function DocumentPage({ path, route }: { path: CheckPath; route: string }) {
  const t = useT();
  const sides = useDocumentSides(path);
  const camera = useCamera(DOCUMENT_CAMERA);
  const [captured, setCaptured] = useState<Captured | null>(null);
  const previewUrl = useObjectUrl(captured?.jpeg ?? null);
  const [announce, setAnnounce] = useState('');
  const action = useAction();
  const guidance = useGuidance(path, DOCUMENT_SCREENS);
  const suggestResident = useSetAtom(suggestResidentAtom);
  useFocusStepHeading(`${path}-${sides.side}`);

  const upload = () => {
    guidance.leavePhoto();
    go(PATH_ROUTES[path].upload);
  };
  const capture = () =>
    void action.run(async () => {
      const video = camera.videoRef.current;
      if (!video) return;
      const frame = await captureFrame(video);
      setCaptured({ jpeg: frame.jpeg, hints: qualityHints(frame.pixels) });
    });
  const use = (photo: Captured) =>
    void action.run(async () => {
      setAnnounce(t('identity.document.sending'));
      const remaining = await sides.send(sides.side, 'scan', photo.jpeg);
      setCaptured(null);
      setAnnounce(remaining.length > 0 ? t('identity.document.frontDone') : '');
    }, (err) => {
      setAnnounce('');
      return guidance.handle(err);
    });

  const live = camera.state.status === 'live';
  const handlers: GuidanceHandlers = { onAct: () => setCaptured(null) };
  // A guidance with its own button (e.g. "Retake the photo" after a refused photo) is the way on:
  // the screen's own buttons would say the same again ("Retake" beside "Retake the
  // photo", one meaning in Arabic), and a refused photo is not to be used again.
  const guided = guidance.shown !== null && guidanceHasButton(guidance.shown.guidance.kind, handlers);
  return (
    <section className="identity-check identity-document" aria-labelledby="step-heading" data-side={sides.side}>
      <StepHeading>{t(`identity.document.title.${sides.kind}.${sides.side}`)}</StepHeading>
      {sides.total > 1 ? <p className="muted">{t('identity.document.progress', { current: sides.index, total: sides.total })}</p> : null}
      <p>{t(`identity.document.guide.${sides.kind}`)}</p>
      {guidance.shown ? (
        <GuidancePanel pending={guidance.shown} path={path} route={route} clear={guidance.clear} handlers={handlers} />
      ) : null}
      {camera.state.status === 'failed' ? <CameraFailureAlert reason={camera.state.reason} onRetry={() => void camera.start()} onUpload={upload} /> : null}

      <div className={['identity-camera', `identity-camera--${sides.kind}`, live && !captured ? null : 'identity-camera--hidden'].filter(Boolean).join(' ')}>
        {live ? <video ref={camera.videoRef} className="identity-camera__video" aria-label={t('identity.document.video')} autoPlay muted playsInline /> : null}
        <div className="identity-camera__guide" aria-hidden="true" />
      </div>
      {captured && previewUrl ? <img className="identity-preview" src={previewUrl} alt={t('identity.document.preview')} /> : null}
      {captured ? <QualityHints hints={captured.hints} /> : null}

      <div className="identity-actions">
        {guided ? null : captured ? (
          <>
            <Button busy={action.busy} onClick={() => use(captured)}>
              {t('identity.document.use')}
            </Button>
            <Button variant="secondary" disabled={action.busy} onClick={() => setCaptured(null)}>
              {t('identity.document.retake')}
            </Button>
          </>
        ) : live ? (
          <Button icon={Camera} busy={action.busy} onClick={capture}>
            {t('identity.document.capture')}
          </Button>
        ) : camera.state.status !== 'failed' ? (
          <Button icon={Camera} busy={camera.state.status === 'starting'} onClick={() => void camera.start()}>
            {t('identity.document.openCamera')}
          </Button>
        ) : null}
        {camera.state.status === 'failed' ? null : (
          // The camera's failure panel carries the same button: one on screen, not two.
          <Button variant="link" icon={Upload} onClick={upload}>
            {t('identity.document.upload')}
          </Button>
        )}
      </div>
      {path === 'non_resident' ? (
        <p className="identity-other-path">
          <span>{t('identity.document.resident.text')}</span>{' '}
          <Button variant="link" onClick={() => {
              suggestResident(true);
              go(ROUTES.activationMethod);
            }}
          >
            {t('identity.document.resident.action')}
          </Button>
        </p>
      ) : null}
      <TrustNote />
      <LiveRegion message={camera.state.status === 'starting' ? t('identity.document.cameraStarting') : announce} />
    </section>
  );
}
