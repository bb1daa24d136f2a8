import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { ArrowLeft, ArrowRight, Camera, RotateCcw, ZoomIn, ZoomOut } from 'lucide';
import { CameraError, FACE_CAMERA, openCamera, stopCamera, type CameraFailure } from '../camera';
import { useT } from '@join/shared/react';
import { Alert, Button, Icon, LiveRegion, type IconData } from '@join/shared/ui';
import { runDetectionLoop } from './detection-loop';
import { detectorOnce, type FaceDetector } from './detector';
import { ovalFor, type FacePrompt, type Feedback } from './geometry';
import { ANNOUNCE_AFTER_MS, ANNOUNCE_CLEAR_MS, instructionKey, useAnnounced, type Failure } from './instruction';
import type { FaceCapture, FaceChallenge, Phase } from './scan-types';
import './face-scan.css';

export type { FaceCapture, FaceChallenge } from './scan-types';

export interface FaceScanProps {
  /**
   * Asked once the visitor is well placed: the server's challenge. A rejection ends the attempt
   * ("Try again"); the caller explains it (problem, or its own pop-up).
   */
  getChallenge: () => Promise<FaceChallenge>;
  /** Called with the frames once the visitor followed the prompt; may return a promise (busy while pending). */
  onCapture: (capture: FaceCapture) => void | Promise<void>;
  /**
   * An error to show above the camera, or null. A string shows as an alert with "Try again"; an
   * element (the page's guidance for -620, with its own alert and action) shows as it is.
   */
  problem?: ReactNode;
  /** Offered when the camera cannot be used. */
  onCameraUnavailable?: () => void;
}

/** The camera's reasons, in the scan's words: a camera that did not start, or failed, is "busy". */
const FAILURE_OF_CAMERA: Readonly<Record<CameraFailure, Failure>> = { denied: 'denied', none: 'cameraMissing', in_use: 'busy', failed: 'busy', unsupported: 'unsupported' };

/** The first detections after the video starts see a black or half-exposed frame: wait this long. */
const SETTLE_MS = 500;

/**
 * The face scan (scan_face): the front camera, mirrored, with an oval guide; live feedback from
 * the face detector running in the browser (no face, more than one, too dark, too far or close,
 * not centred, hold still), then the server's prompt followed (the loop: detection-loop.ts), then
 * three frames for onCapture. Loaded lazily with everything it needs; the model and the
 * WebAssembly backend load when it mounts. The root carries data-detections-per-second (the
 * measured rate) and data-first-feedback-ms for the perf script.
 */
export default function FaceScan({ getChallenge, onCapture, problem = null, onCameraUnavailable }: FaceScanProps) {
  const t = useT();
  const rootRef = useRef<HTMLElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MemoryStream>({ stream: null });
  const onCaptureRef = useRef(onCapture);
  onCaptureRef.current = onCapture;
  const getChallengeRef = useRef(getChallenge);
  getChallengeRef.current = getChallenge;

  const [attempt, setAttempt] = useState(0);
  const [phase, setPhase] = useState<Phase>('starting');
  const [cameraOn, setCameraOn] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [detector, setDetector] = useState<FaceDetector | null>(null);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [frame, setFrame] = useState<{ width: number; height: number } | null>(null);
  const [readyAt, setReadyAt] = useState<number | null>(null);
  const [captureFailed, setCaptureFailed] = useState(false);
  /** The prompt being followed (null while the challenge is asked for, or before). */
  const [prompt, setPrompt] = useState<FacePrompt | null>(null);

  // Camera and model, in parallel; again on every attempt (Try again). The stream stops on unmount.
  useEffect(() => {
    let cancelled = false;
    const mountedAt = performance.now();
    const memory = streamRef.current;
    setFailure(null);
    setCaptureFailed(false);
    setPhase('starting');
    setFeedback(null);
    setReadyAt(null);
    setPrompt(null);
    if (rootRef.current) {
      delete rootRef.current.dataset.prompt;
      delete rootRef.current.dataset.progress;
    }
    const model = detectorOnce();
    model.catch(() => undefined); // handled below, after the camera
    void (async () => {
      let stream: MediaStream;
      try {
        stream = await openCamera(FACE_CAMERA);
      } catch (err) {
        if (!cancelled) setFailure(err instanceof CameraError ? FAILURE_OF_CAMERA[err.reason] : 'busy');
        return;
      }
      if (cancelled) {
        stopCamera(stream);
        return;
      }
      memory.stream = stream;
      memory.mountedAt = mountedAt;
      const video = videoRef.current;
      if (video) {
        video.srcObject = stream;
        void video.play?.()?.catch(() => undefined);
      }
      setCameraOn(true);
      try {
        const loaded = await model;
        if (!cancelled) setDetector(() => loaded);
      } catch {
        if (!cancelled) {
          setFailure('modelFailed');
          stopCamera(stream);
          setCameraOn(false);
        }
      }
    })();
    return () => {
      cancelled = true;
      stopCamera(memory.stream);
      memory.stream = null;
      setCameraOn(false);
    };
  }, [attempt]);

  // The video's size (the oval is drawn in its pixels) and when its frames are worth reading.
  const onVideoData = useCallback(() => {
    const video = videoRef.current;
    if (!video) return;
    setFrame({ width: video.videoWidth || 640, height: video.videoHeight || 480 });
    setReadyAt((r) => r ?? performance.now() + SETTLE_MS);
  }, []);

  useEffect(() => {
    if (detector && readyAt !== null && phase === 'starting') setPhase('positioning');
  }, [detector, readyAt, phase]);

  // The detection loop: positioning and challenge are one run of it (it keeps its own challenge state).
  const looping = phase === 'positioning' || phase === 'challenge';
  useEffect(() => {
    const video = videoRef.current;
    if (!looping || !detector || !video || readyAt === null) return;
    const memory = streamRef.current;
    return runDetectionLoop(
      { video, detector, readyAt, root: rootRef.current, timing: memory },
      {
        setPhase,
        setFeedback,
        setPrompt,
        cameraOff: () => {
          stopCamera(memory.stream);
          memory.stream = null;
          setCameraOn(false);
        },
        captureFailed: () => setCaptureFailed(true),
        getChallenge: () => getChallengeRef.current(),
        onCapture: (capture) => onCaptureRef.current(capture),
      },
    );
  }, [looping, detector, readyAt]);

  const retry = () => {
    if (failure === 'modelFailed') setDetector(null);
    setAttempt((a) => a + 1);
  };

  const instruction = instructionKey(phase, failure, cameraOn, detector !== null, feedback, prompt);
  const text = instruction ? t(instruction) : '';
  const announced = useAnnounced(text, ANNOUNCE_AFTER_MS, ANNOUNCE_CLEAR_MS);
  const oval = frame ? ovalFor(frame.width, frame.height) : null;

  const otherWay = onCameraUnavailable ? (
    <Button variant="secondary" onClick={onCameraUnavailable}>
      {t('identity.face.otherWay')}
    </Button>
  ) : null;

  return (
    <section
      ref={rootRef}
      className="face-scan"
      data-phase={failure ?? phase}
      data-feedback={feedback ?? ''}
      aria-busy={phase === 'sending' || undefined}
    >
      <p>{t('identity.face.scanIntro')}</p>
      {problem && typeof problem !== 'string' ? (
        // An element (the page's guidance panel) brings its own alert and its own way on.
        <div className="face-scan__problem">{problem}</div>
      ) : problem ? (
        <Alert
          tone="error"
          actions={
            phase === 'sent' ? (
              <Button icon={RotateCcw} onClick={retry}>
                {t('identity.face.tryAgain')}
              </Button>
            ) : null
          }
        >
          {problem}
        </Alert>
      ) : null}
      {failure ? (
        <Alert
          tone="error"
          title={t(`identity.face.${failure}.title`)}
          actions={
            <>
              {failure !== 'unsupported' ? (
                <Button icon={Camera} onClick={retry}>
                  {t('identity.face.tryAgain')}
                </Button>
              ) : null}
              {otherWay}
            </>
          }
        >
          <p>{t(`identity.face.${failure}.text`)}</p>
        </Alert>
      ) : null}
      <div className="face-scan__camera" data-feedback={feedback ?? ''} hidden={failure !== null || !cameraOn}>
        <video
          ref={videoRef}
          className="face-scan__video"
          aria-label={t('identity.face.videoLabel')}
          muted
          autoPlay
          playsInline
          onLoadedData={onVideoData}
        />
        {frame && oval ? (
          <svg className="face-scan__guide" viewBox={`0 0 ${frame.width} ${frame.height}`} preserveAspectRatio="none" aria-hidden="true" focusable="false">
            <path
              className="face-scan__shade"
              fillRule="evenodd"
              d={`M0 0H${frame.width}V${frame.height}H0Z M${oval.cx - oval.rx} ${oval.cy}a${oval.rx} ${oval.ry} 0 1 0 ${2 * oval.rx} 0a${oval.rx} ${oval.ry} 0 1 0 ${-2 * oval.rx} 0Z`}
            />
            <ellipse className="face-scan__oval" cx={oval.cx} cy={oval.cy} rx={oval.rx} ry={oval.ry} />
          </svg>
        ) : null}
      </div>
      {text ? (
        <p className={`face-scan__instruction face-scan__instruction--${phase}`} aria-hidden="true">
          {phase === 'sending' || (phase === 'starting' && !failure) ? <span className="btn__spinner face-scan__spinner" /> : null}
          {phase === 'challenge' && prompt && feedback === 'good' ? <Icon icon={PROMPT_ICONS[prompt]} className="face-scan__prompt-icon" size="1.5em" /> : null}
          {text}
        </p>
      ) : null}
      <LiveRegion message={announced} />
      {phase === 'sent' && captureFailed && !problem ? (
        <div className="identity-actions">
          <Button variant="secondary" icon={RotateCcw} onClick={retry}>
            {t('identity.face.tryAgain')}
          </Button>
        </div>
      ) : null}
      <p className="muted face-scan__privacy">{t('identity.face.privacy')}</p>
    </section>
  );
}

/**
 * The prompt's direction, drawn beside its words (decorative: the words say it). The preview is
 * a mirror, so the visitor's left is the screen's left in every language: never mirrored in RTL.
 */
const PROMPT_ICONS: Record<FacePrompt, IconData> = { closer: ZoomIn, farther: ZoomOut, left: ArrowLeft, right: ArrowRight };

interface MemoryStream {
  stream: MediaStream | null;
  mountedAt?: number;
}
