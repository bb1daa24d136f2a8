import type { Pixels } from './verification/image-quality';

/**
 * The camera, for both of the identity check's uses: the document scan (the rear camera, a
 * frame captured as a JPEG with its pixels for the quality hints) and the face scan (the front
 * camera, frames kept on canvases and encoded once the challenge is done). One failure type: the
 * pages explain each reason in their own words.
 */

/**
 * The rear camera for the document scan: facingMode "environment" preferred,
 * not required (a laptop has only a front camera, and that still reads a card held up to it),
 * 1280x720 ideal: enough for the machine-readable zone, small enough to send on roaming data.
 */
export const DOCUMENT_CAMERA: MediaStreamConstraints = {
  audio: false,
  video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
};

/** The front camera for the face scan, at a size the detector reads quickly (it scales frames down anyway). */
export const FACE_CAMERA: MediaStreamConstraints = {
  audio: false,
  video: { facingMode: 'user', width: { ideal: 640 }, height: { ideal: 480 } },
};

/**
 * Why there is no camera picture: refused (denied), no camera that fits (none), held by another
 * application or did not start (in_use), no camera API in this browser (unsupported), or anything
 * else (failed).
 */
export type CameraFailure = 'denied' | 'none' | 'in_use' | 'unsupported' | 'failed';

export class CameraError extends Error {
  constructor(
    readonly reason: CameraFailure,
    options?: { cause?: unknown },
  ) {
    super(`no camera: ${reason}`, options);
    this.name = 'CameraError';
  }
}

/**
 * getUserMedia's DOMException names (https://w3c.github.io/mediacapture-main/#dom-mediadevices-getusermedia),
 * with the older names some browsers still use (PermissionDeniedError, DevicesNotFoundError,
 * TrackStartError) and the TypeError of a browser that cannot take the request at all.
 */
const REASON_BY_NAME: Readonly<Record<string, CameraFailure>> = {
  NotAllowedError: 'denied',
  SecurityError: 'denied',
  PermissionDeniedError: 'denied',
  NotFoundError: 'none',
  OverconstrainedError: 'none',
  DevicesNotFoundError: 'none',
  NotReadableError: 'in_use',
  AbortError: 'in_use',
  TrackStartError: 'in_use',
  TypeError: 'unsupported',
};

export function cameraFailureOf(err: unknown): CameraFailure {
  const name = err instanceof Error || (typeof err === 'object' && err !== null && 'name' in err) ? String((err as { name: unknown }).name) : '';
  return REASON_BY_NAME[name] ?? 'failed';
}

export function canUseCamera(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

/** A camera stream, or a CameraError saying why not. */
export async function openCamera(constraints: MediaStreamConstraints = DOCUMENT_CAMERA): Promise<MediaStream> {
  if (!canUseCamera()) throw new CameraError('unsupported');
  try {
    return await navigator.mediaDevices.getUserMedia(constraints);
  } catch (err) {
    throw new CameraError(cameraFailureOf(err), { cause: err });
  }
}

/** Turns the camera off (its light too): every track stopped. */
export function stopCamera(stream: MediaStream | null): void {
  stream?.getTracks().forEach((track) => track.stop());
}

export interface CapturedFrame {
  readonly jpeg: Blob;
  readonly pixels: Pixels;
}

/** JPEG quality of a document capture: the text stays sharp, the file stays well under the size limit. */
const DOCUMENT_JPEG_QUALITY = 0.9;

/** The video's current frame as a JPEG, with its pixels for the quality hints (the document scan). */
export function captureFrame(video: HTMLVideoElement): Promise<CapturedFrame> {
  const width = video.videoWidth;
  const height = video.videoHeight;
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx || width === 0 || height === 0) return Promise.reject(new CameraError('failed'));
  ctx.drawImage(video, 0, 0, width, height);
  const { data } = ctx.getImageData(0, 0, width, height);
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve({ jpeg: blob, pixels: { data, width, height } }) : reject(new CameraError('failed'))),
      'image/jpeg',
      DOCUMENT_JPEG_QUALITY,
    );
  });
}

/**
 * The current frame, kept on a canvas of its own (cheap: no encoding), as the camera sees it: not
 * mirrored like the preview (the authority compares it with the document's photo, which is not
 * mirrored either). The face scan keeps its frames so.
 */
export function snapshot(video: HTMLVideoElement): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2d canvas');
  ctx.drawImage(video, 0, 0, canvas.width, canvas.height);
  return canvas;
}

/** A kept frame as a JPEG. */
export function encodeJpeg(canvas: HTMLCanvasElement, quality = 0.92): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('the photo could not be encoded'))), 'image/jpeg', quality),
  );
}

/** A small canvas that reads the frame's brightness every few detections (cheap: 32 x 24 pixels). */
export function brightnessReader(): (video: HTMLVideoElement) => Uint8ClampedArray | null {
  let ctx: CanvasRenderingContext2D | null | undefined;
  return (video) => {
    if (ctx === undefined) {
      const canvas = document.createElement('canvas');
      canvas.width = 32;
      canvas.height = 24;
      try {
        ctx = canvas.getContext('2d', { willReadFrequently: true });
      } catch {
        ctx = null;
      }
    }
    if (!ctx) return null;
    ctx.drawImage(video, 0, 0, 32, 24);
    return ctx.getImageData(0, 0, 32, 24).data;
  };
}
