import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { ArrowLeft, ArrowRight, Camera, RotateCcw, ZoomIn, ZoomOut } from 'lucide';
import { brightnessReader, CameraError, encodeJpeg, FACE_CAMERA, openCamera, snapshot, stopCamera, type CameraFailure } from '../camera';
import { useT } from '@join/shared/react';
import { Alert, Button, Icon, LiveRegion, type IconData } from '@join/shared/ui';
import { detectorOnce, type FaceDetector } from './detector';
import {
  feedbackFor,
  meanLuminance,
  measureFor,
  HOLD_SLACK,
  MIDDLE_AT,
  ovalFor,
  rateOver,
  realFaces,
  startChallenge,
  stepChallenge,
  type Challenge,
  type FacePrompt,
  type Feedback,
} from './geometry';
import './face-scan.css';


/** The server's live challenge (POST /identity/face/challenge): its nonce and the prompt to follow. */
export interface FaceChallenge {
  nonce: string;
  prompt: FacePrompt;
}

/** What the scan hands over: the challenge's nonce and the frames, the first before the movement, the last after it. */
export interface FaceCapture {
  nonce: string;
  frames: Blob[];
}

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

/**
 * starting: camera and model on their way; positioning: live feedback until the face is well
 * placed; challenge: the server's prompt (asked for first), followed; sending: the frames are with
 * onCapture; sent: done (the camera is off; "Try again" starts over, with a new challenge).
 */
type Phase = 'starting' | 'positioning' | 'challenge' | 'sending' | 'sent';
/** A failure as the scan explains it: its text key (identity.face.<key>.title/text). */
type Failure = 'denied' | 'cameraMissing' | 'busy' | 'unsupported' | 'modelFailed';
/** The camera's reasons, in the scan's words: a camera that did not start, or failed, is "busy". */
const FAILURE_OF_CAMERA: Readonly<Record<CameraFailure, Failure>> = { denied: 'denied', none: 'cameraMissing', in_use: 'busy', failed: 'busy', unsupported: 'unsupported' };

/** The first detections after the video starts see a black or half-exposed frame: wait this long. */
const SETTLE_MS = 500;
/** Detections in a row that must be "good" before the challenge starts. */
const GOOD_FRAMES = 2;
/** Detections in a row without the one face that send the challenge back to positioning. */
const LOST_FRAMES = 6;
/** The brightness is read every this many detections. */
const BRIGHTNESS_EVERY = 5;
/** A spoken instruction waits this long unchanged before it is announced (no chatter). */
const ANNOUNCE_AFTER_MS = 700;
/**
 * Once announced, the spoken copy leaves the page after this long: the instruction is
 * on screen once (the visible line is hidden from assistive technology, the live region speaks),
 * not twice for anyone reading the page's text. Screen readers take the words when they appear.
 */
const ANNOUNCE_CLEAR_MS = 1500;

const nextFrame = (fn: () => void): (() => void) => {
  if (typeof requestAnimationFrame === 'function') {
    const id = requestAnimationFrame(fn);
    return () => cancelAnimationFrame(id);
  }
  const id = setTimeout(fn, 16);
  return () => clearTimeout(id);
};

/**
 * The face scan (issue 12, scan_face): the front camera, mirrored, with an oval guide; live
 * feedback from the face detector running in the browser (no face, more than one, too dark, too
 * far or close, not centred, hold still), then the liveness step (move a little closer), then one
 * still photo for onCapture. Loaded lazily with everything it needs; the model and the WebAssembly
 * backend load when it mounts. The root carries data-detections-per-second (the measured rate)
 * and data-first-feedback-ms for the perf script.
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

  // The detection loop: one detection at a time, the next on the next animation frame.
  const looping = phase === 'positioning' || phase === 'challenge';
  useEffect(() => {
    const video = videoRef.current;
    if (!looping || !detector || !video || readyAt === null) return;
    let stopped = false;
    let cancelNext = () => {};
    let times: number[] = [];
    let detectMs = 0;
    let count = 0;
    let brightness: number | null = null;
    let good = 0;
    let lost = 0;
    let challenge: Challenge | null = null;
    /** The server's challenge: asked for once the face is well placed, then followed. */
    let issued: FaceChallenge | null = null;
    let asking = false;
    /**
     * The frames kept: the movement's first (at the reference), the first past half of it, and the
     * furthest along (the last sent): in that order the movement only goes the prompt's way.
     */
    let firstFrame: HTMLCanvasElement | null = null;
    let middleFrame: HTMLCanvasElement | null = null;
    let furthestFrame: HTMLCanvasElement | null = null;
    let furthest = 0;
    const readBrightness = brightnessReader();
    const root = rootRef.current;
    const memory = streamRef.current;

    const finish = async (middle: HTMLCanvasElement, last: HTMLCanvasElement) => {
      setPhase('sending');
      const nonce = issued?.nonce;
      const kept = [firstFrame, middle, last];
      let frames: Blob[];
      try {
        if (!nonce || kept.some((f) => f === null)) throw new Error('frames missing');
        frames = await Promise.all(kept.map((f) => encodeJpeg(f as HTMLCanvasElement)));
      } catch {
        setPhase('positioning');
        return;
      }
      // The frames are taken: the camera goes off while they are checked (its light too).
      stopCamera(memory.stream);
      memory.stream = null;
      setCameraOn(false);
      try {
        await onCaptureRef.current({ nonce, frames });
      } catch {
        // The caller explains its own failures (problem); the visitor can always try again.
        setCaptureFailed(true);
      }
      setPhase('sent');
    };

    /** The challenge from the server; the loop goes on meanwhile (the feedback stays live). */
    const ask = () => {
      asking = true;
      getChallengeRef
        .current()
        .then((c) => {
          // Shown from the next detection on, whose frame is the movement's first.
          if (!stopped) issued = c;
        })
        .catch(() => {
          if (stopped) return;
          stopped = true;
          cancelNext();
          stopCamera(memory.stream);
          memory.stream = null;
          setCameraOn(false);
          setCaptureFailed(true);
          setPhase('sent');
        });
    };

    const tick = async () => {
      if (stopped) return;
      if (performance.now() < readyAt || video.readyState < 2) {
        cancelNext = nextFrame(() => void tick());
        return;
      }
      const started = performance.now();
      let faces;
      try {
        faces = await detector.detect(video);
      } catch {
        faces = null; // one bad frame: try the next
      }
      if (stopped) return;
      const now = performance.now();
      if (faces) {
        count++;
        detectMs += now - started;
        const rate = rateOver(times, now);
        times = rate.times;
        if (root && rate.perSecond !== null) root.dataset.detectionsPerSecond = rate.perSecond.toFixed(1);
        if (root) root.dataset.detectMs = (detectMs / count).toFixed(0);
        if (count % BRIGHTNESS_EVERY === 1) {
          try {
            const pixels = readBrightness(video);
            brightness = pixels ? meanLuminance(pixels) : null;
          } catch {
            brightness = null;
          }
        }
        const oval = ovalFor(video.videoWidth, video.videoHeight);
        const fb = feedbackFor(faces, oval, brightness, challenge !== null || asking);
        const one = realFaces(faces)[0];
        setFeedback(fb);
        if (root && !root.dataset.firstFeedbackMs && memory.mountedAt !== undefined) {
          root.dataset.firstFeedbackMs = (now - memory.mountedAt).toFixed(0);
        }
        if (!asking) {
          good = fb === 'good' ? good + 1 : 0;
          if (good >= GOOD_FRAMES && one) {
            ask();
            setPhase('challenge');
          }
        } else {
          lost = fb === 'no-face' || fb === 'many-faces' ? lost + 1 : 0;
          if (lost >= LOST_FRAMES) {
            // Lost the face: the challenge starts from the new position (the same prompt).
            challenge = null;
            firstFrame = null;
            middleFrame = null;
            furthestFrame = null;
            furthest = 0;
          } else if (issued && one) {
            const value = measureFor(issued.prompt, one, oval);
            if (!challenge) {
              challenge = startChallenge(issued.prompt, value);
              firstFrame = snapshot(video);
              middleFrame = null;
              furthestFrame = null;
              furthest = 0;
              if (root) root.dataset.prompt = issued.prompt;
              setPrompt(issued.prompt);
            } else {
              const next = stepChallenge(challenge, fb, value);
              challenge = next;
              if (next.newReference) {
                firstFrame = snapshot(video);
                middleFrame = null;
                furthestFrame = null;
                furthest = 0;
              }
              let tookNow = false;
              if (!next.newReference && next.progress > furthest) {
                const frame = snapshot(video);
                if (!middleFrame && next.progress >= MIDDLE_AT) middleFrame = frame;
                furthestFrame = frame;
                furthest = next.progress;
                tookNow = true;
              }
              if (root) root.dataset.progress = Math.max(0, Math.min(1, next.progress)).toFixed(2);
              // Done once the movement held for two detections, with three frames along it: the
              // first, one past half of it, the furthest; or, when the face got past half and to
              // the furthest between two detections, the furthest and one held near it.
              if (next.passed && middleFrame && furthestFrame) {
                let frames: [HTMLCanvasElement, HTMLCanvasElement] | null = null;
                if (middleFrame !== furthestFrame) frames = [middleFrame, furthestFrame];
                else if (!tookNow && next.progress >= furthest - HOLD_SLACK) frames = [furthestFrame, snapshot(video)];
                if (frames) {
                  stopped = true;
                  void finish(...frames);
                  return;
                }
              }
            }
          }
        }
      }
      cancelNext = nextFrame(() => void tick());
    };
    cancelNext = nextFrame(() => void tick());
    return () => {
      stopped = true;
      cancelNext();
    };
    // Positioning and challenge are one run of the loop (it keeps its own challenge state).
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

/** The key of what the visitor should do now (shown, and announced once it settles). */
function instructionKey(
  phase: Phase,
  failure: Failure | null,
  cameraOn: boolean,
  modelReady: boolean,
  feedback: Feedback | null,
  prompt: FacePrompt | null,
): string | null {
  if (failure) return null;
  switch (phase) {
    case 'starting':
      return !cameraOn ? 'identity.face.startingCamera' : !modelReady ? 'identity.face.loadingModel' : 'identity.face.startingCamera';
    case 'positioning':
      return feedback ? `identity.face.feedback.${feedback}` : 'identity.face.loadingModel';
    case 'challenge':
      if (feedback !== 'good') return `identity.face.feedback.${feedback ?? 'no-face'}`;
      return prompt ? `identity.face.prompt.${prompt}` : 'identity.face.challengeLoading';
    case 'sending':
      return 'identity.face.sending';
    case 'sent':
      return 'identity.face.sent';
  }
}

/**
 * The live region's words: the value once it has stayed the same for `settleMs` (changes are
 * said, not every frame), then nothing again after `clearMs` (said once, not left as a second
 * copy of the visible line).
 */
function useAnnounced(value: string, settleMs: number, clearMs: number): string {
  const [message, setMessage] = useState('');
  useEffect(() => {
    let clear: ReturnType<typeof setTimeout> | undefined;
    const say = setTimeout(() => {
      setMessage(value);
      clear = setTimeout(() => setMessage(''), clearMs);
    }, settleMs);
    return () => {
      clearTimeout(say);
      if (clear !== undefined) clearTimeout(clear);
    };
  }, [value, settleMs, clearMs]);
  return message;
}
