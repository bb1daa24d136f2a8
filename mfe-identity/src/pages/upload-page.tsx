import { useId, useState, type ChangeEvent } from 'react';
import { Camera } from 'lucide';
import { errorObjectForCode, translateOr } from '@join/shared';
import { useFocusStepHeading, useT } from '@join/shared/react';
import { Button, describedBy, FieldError, LiveRegion, StepHeading } from '@join/shared/ui';
import { DOCUMENT_IMAGE_TYPES } from '@join/shared/identity';
import { GuidancePanel } from '../components/guidance-panel';
import { TrustNote } from '../components/trust-note';
import { useAction } from '../hooks/use-action';
import { useDocumentSides } from '../hooks/use-document-sides';
import { useGuidance } from '../hooks/use-guidance';
import { useObjectUrl } from '../hooks/use-object-url';
import { checkImageFile, withType } from '../verification/image-file';
import { PATH_ROUTES, type CheckPath } from '../verification/paths';
import { go } from '../navigation';

const DOCUMENT_SCREENS = ['document'] as const;

/**
 * Upload instead of the camera (/activation_method/upload_document, /id_check/upload): one
 * side at a time, as the server's remaining sides say. A chosen file is checked here first, by
 * its first bytes (not its name) and its size, with the catalogue's words of -642 and -644 at
 * the field; the server checks it again. A good file shows as a preview with "Send this photo".
 */
export function UploadPage({ path, route }: { path: CheckPath; route: string }) {
  const t = useT();
  const id = useId();
  const sides = useDocumentSides(path);
  const [file, setFile] = useState<Blob | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [announce, setAnnounce] = useState('');
  const previewUrl = useObjectUrl(file);
  const action = useAction();
  const guidance = useGuidance(path, DOCUMENT_SCREENS);
  useFocusStepHeading(`upload-${path}-${sides.side}`);
  const sideName = t(`identity.upload.side.${sides.side}`);

  const choose = (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0] ?? null;
    setFile(null);
    setProblem(null);
    if (!chosen) return;
    void action.run(async () => {
      const check = await checkImageFile(chosen);
      if (check.ok) setFile(withType(chosen, check.type));
      else setProblem(errorObjectForCode(check.code, translateOr).text);
    });
  };
  const send = (image: Blob) =>
    void action.run(
      async () => {
        setAnnounce(t('identity.document.sending'));
        const remaining = await sides.send(sides.side, 'upload', image);
        setFile(null);
        setAnnounce(remaining.length > 0 ? t('identity.document.frontDone') : '');
      },
      (err) => {
        setAnnounce('');
        return guidance.handle(err);
      },
    );

  const inputId = `${id}-file`;
  return (
    <section className="identity-check identity-upload" aria-labelledby="step-heading" data-side={sides.side}>
      <StepHeading>{t(`identity.upload.title.${sides.kind}`)}</StepHeading>
      <p>{t(`identity.upload.intro.${sides.kind}`)}</p>
      {guidance.shown ? (
        <GuidancePanel pending={guidance.shown} path={path} route={route} clear={guidance.clear} handlers={{ onAct: () => setFile(null) }} />
      ) : null}
      {sides.total > 1 ? <p className="muted">{t('identity.document.progress', { current: sides.index, total: sides.total })}</p> : null}
      <div className="field">
        <label htmlFor={inputId} className="field__label">
          {sideName}
        </label>
        <input
          key={sides.side}
          id={inputId}
          type="file"
          accept={DOCUMENT_IMAGE_TYPES.join(',')}
          aria-describedby={describedBy(inputId, false, problem)}
          aria-invalid={problem ? true : undefined}
          onChange={choose}
        />
        {problem ? <FieldError id={`${inputId}-error`}>{problem}</FieldError> : null}
      </div>
      {file && previewUrl ? <img className="identity-preview" src={previewUrl} alt={t('identity.upload.preview', { side: sideName })} /> : null}
      <div className="identity-actions">
        {file ? (
          <Button busy={action.busy} onClick={() => send(file)}>
            {t('identity.upload.send')}
          </Button>
        ) : null}
        <Button
          variant="link"
          icon={Camera}
          onClick={() => {
            guidance.leavePhoto();
            go(PATH_ROUTES[path].document);
          }}
        >
          {t('identity.upload.camera')}
        </Button>
      </div>
      <TrustNote />
      <LiveRegion message={announce} />
    </section>
  );
}
