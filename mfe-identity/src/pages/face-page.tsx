import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useAtom, useSetAtom } from 'jotai';
import { bus, errorObjectForCode, isApiError, reportError, translateOr } from '@join/shared';
import { useFocusStepHeading, useT } from '@join/shared/react';
import { Alert, Button, LiveRegion, StepHeading } from '@join/shared/ui';
import { IDENTITY_ERROR_CODES, identityApi, type DocumentDetails } from '@join/shared/identity';
import type { FaceCapture, FaceChallenge } from '../face/face-scan';
import { DetailsList } from '../components/details-list';
import { StopScreen } from '../components/stop-screen';
import { GuidancePanel, type GuidanceHandlers } from '../components/guidance-panel';
import { TrustNote } from '../components/trust-note';
import { useAction } from '../hooks/use-action';
import { useGuidance } from '../hooks/use-guidance';
import { checkAtom, EMPTY_CHECK } from '../verification/check-store';
import { PATH_ROUTES, type CheckPath } from '../verification/paths';
import { MODULE_NAME, go } from '../navigation';

// The face scan (its camera, face model and liveness step) loads only here.
const FaceScan = lazy(() => import('../face/face-scan'));

const FACE_SCREENS = ['face', 'details'] as const;

/**
 * The face, then the details, on the path's face route
 * (/activation_method/scan_face, /id_check/face). The face scan asks the server for a live
 * challenge (a prompt to follow, a nonce) and sends the frames taken while the visitor followed
 * it; the authority checks the movement and compares the face with its own photo of the person
 * and with the document's; on a match the details read from the document are
 * shown to confirm on the same route. "These are correct" asks for the decision; "Something is
 * wrong" goes back to the document. Without details in the page (they are kept in memory only:
 * a reload, or the language switch) the server's pending check resumes it; without one either,
 * the document comes first.
 */
export function FacePage({ path, route }: { path: CheckPath; route: string }) {
  const [check, setCheck] = useAtom(checkAtom);
  const mine = check.path === path ? check : EMPTY_CHECK;
  const guidance = useGuidance(path, FACE_SCREENS);
  const action = useAction();
  const last = useRef<(() => Promise<void>) | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [verified, setVerified] = useState(false);
  // Verified: nothing of the document stays in the page once the host has moved on (cleared on
  // leaving, not at once: the details stay on screen, with the news, until then).
  const verifiedRef = useRef(false);
  verifiedRef.current = verified;
  useEffect(
    () => () => {
      if (verifiedRef.current) setCheck(EMPTY_CHECK);
    },
    [setCheck],
  );
  /** The face challenge was used up, expired or not this session's: the scan starts again with a new one. */
  const [challengeSpent, setChallengeSpent] = useState(false);
  const handle = (err: unknown): boolean => {
    if (isApiError(err) && err.code === IDENTITY_ERROR_CODES.faceChallenge) {
      setChallengeSpent(true);
      return true;
    }
    return guidance.handle(err);
  };
  const run = (work: () => Promise<void>) => {
    last.current = work;
    return action.run(work, handle);
  };
  /** A new challenge for each attempt of the scan; a failure is explained here (guidance or the pop-up) and ends the attempt. */
  const getChallenge = async (): Promise<FaceChallenge> => {
    setChallengeSpent(false);
    try {
      return await identityApi.faceChallenge();
    } catch (err) {
      if (!handle(err)) reportError(err, { source: MODULE_NAME });
      throw err;
    }
  };
  const handlers: GuidanceHandlers = {
    onRetakeFace: () => {
      setCheck((s) => ({ ...s, faceMatched: false }));
      setAttempt((n) => n + 1);
    },
    onRetry: () => {
      if (last.current) void run(last.current);
    },
    // The kernel's max_sims_redirect is a button of the catalogue's pop-up (its More Info opens the help).
    onMoreInfo: () => bus.emit('error:raised', { error: errorObjectForCode(guidance.shown?.code ?? null, translateOr), source: MODULE_NAME }),
  };
  const panel = guidance.shown ? <GuidancePanel pending={guidance.shown} path={path} route={route} clear={guidance.clear} handlers={handlers} /> : null;
  const t = useT();
  const problem = panel ?? (challengeSpent ? t('identity.face.challengeSpent') : null);

  if (!mine.details) return <Resume path={path} />;
  if (mine.faceMatched) {
    const details = mine.details;
    return (
      <DetailsStep
        path={path}
        details={details}
        panel={panel}
        busy={action.busy}
        verified={verified}
        onConfirm={() =>
          void run(async () => {
            await identityApi.confirmIdDetails(details);
            setVerified(true);
            bus.emit('identity:verified', { path });
          })
        }
        onWrong={() => {
          guidance.clear();
          setCheck({ ...EMPTY_CHECK, path });
          go(PATH_ROUTES[path].document);
        }}
      />
    );
  }
  return (
    <FaceStep
      key={attempt}
      panel={problem}
      busy={action.busy}
      onRetry={() => setAttempt((n) => n + 1)}
      getChallenge={getChallenge}
      onCapture={({ nonce, frames }) =>
        run(async () => {
          guidance.clear();
          await identityApi.sendFace(nonce, frames);
          setCheck((s) => ({ ...s, faceMatched: true }));
        })
      }
    />
  );
}

function FaceStep({
  panel,
  busy,
  getChallenge,
  onCapture,
  onRetry,
}: {
  panel: React.ReactNode;
  busy: boolean;
  getChallenge: () => Promise<FaceChallenge>;
  onCapture: (capture: FaceCapture) => Promise<void>;
  onRetry: () => void;
}) {
  const t = useT();
  const [noCamera, setNoCamera] = useState(false);
  useFocusStepHeading('face');
  return (
    <section className="identity-check identity-face" aria-labelledby="step-heading">
      <StepHeading>{t('identity.face.title')}</StepHeading>
      <p>{t('identity.face.intro')}</p>
      {noCamera ? (
        <Alert
          tone="error"
          title={t('identity.face.noCamera.title')}
          actions={
            <Button variant="secondary" onClick={onRetry}>
              {t('identity.face.noCamera.action')}
            </Button>
          }
        >
          <p>{t('identity.face.noCamera.text')}</p>
        </Alert>
      ) : (
        <Suspense fallback={<p role="status">{t('identity.face.loading')}</p>}>
          <FaceScan getChallenge={getChallenge} onCapture={onCapture} problem={panel} onCameraUnavailable={() => setNoCamera(true)} />
        </Suspense>
      )}
      <TrustNote />
      <LiveRegion message={busy ? t('identity.face.checking') : ''} />
    </section>
  );
}

function DetailsStep({
  path,
  details,
  panel,
  busy,
  verified,
  onConfirm,
  onWrong,
}: {
  path: CheckPath;
  details: DocumentDetails;
  panel: React.ReactNode;
  busy: boolean;
  verified: boolean;
  onConfirm: () => void;
  onWrong: () => void;
}) {
  const t = useT();
  useFocusStepHeading(`details-${path}`);
  return (
    <section className="identity-check identity-confirm" aria-labelledby="step-heading">
      <StepHeading>{t('identity.details.title')}</StepHeading>
      <p>{t('identity.details.intro')}</p>
      {panel}
      <DetailsList details={details} />
      {verified ? <Alert tone="success">{t('identity.details.verified')}</Alert> : null}
      <div className="identity-actions">
        <Button busy={busy} disabled={verified} onClick={onConfirm}>
          {t('identity.details.confirm')}
        </Button>
        <Button variant="secondary" disabled={busy || verified} onClick={onWrong}>
          {t('identity.details.wrong')}
        </Button>
      </div>
      <LiveRegion message={busy ? t('identity.details.checking') : ''} />
    </section>
  );
}

/**
 * No details in the page (a reload, or the language switch, which reloads): ask the server for
 * the pending check and carry on where it stands (the face, or the details once matched); the
 * document first only when the server has no check either.
 */
function Resume({ path }: { path: CheckPath }) {
  const t = useT();
  const setCheck = useSetAtom(checkAtom);
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    let live = true;
    identityApi
      .currentCheck()
      .then(({ check }) => {
        if (!live) return;
        if (check?.details && check.remaining_sides.length === 0) {
          setCheck({ path, remaining: check.remaining_sides, details: check.details, faceMatched: check.face_matched });
        } else setMissing(true);
      })
      .catch(() => live && setMissing(true));
    return () => {
      live = false;
    };
  }, [path, setCheck]);
  return missing ? <NoDocument path={path} /> : <p role="status">{t('identity.face.loading')}</p>;
}

function NoDocument({ path }: { path: CheckPath }) {
  return <StopScreen name="no-document" texts="identity.face.noDocument" onAction={() => go(PATH_ROUTES[path].document)} />;
}
