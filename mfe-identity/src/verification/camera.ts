import type { Pixels } from './image-quality';

/**
 * The rear camera for the document scan (issue 12 point 3): facingMode "environment" preferred,
 * not required (a laptop has only a front camera, and that still reads a card held up to it),
 * 1280x720 ideal: enough for the machine-readable zone, small enough to send on roaming data.
 */
export const DOCUMENT_CAMERA: MediaStreamConstraints = {
  audio: false,
  video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
};

/** Why there is no camera picture: each has its own explanation, and upload is offered. */
export type CameraFailure = 'denied' | 'none' | 'in_use' | 'unsupported' | 'failed';

export class CameraError extends Error {
  constructor(readonly reason: CameraFailure) {
    super(`no camera: ${reason}`);
    this.name = 'CameraError';
  }
}

/** getUserMedia's DOMException names (https://w3c.github.io/mediacapture-main/#dom-mediadevices-getusermedia). */
const REASON_BY_NAME: Readonly<Record<string, CameraFailure>> = {
  NotAllowedError: 'denied',
  SecurityError: 'denied',
  NotFoundError: 'none',
  OverconstrainedError: 'none',
  NotReadableError: 'in_use',
  AbortError: 'in_use',
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
    throw new CameraError(cameraFailureOf(err));
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

/** JPEG quality of a capture: the text stays sharp, the file stays well under the size limit. */
const JPEG_QUALITY = 0.9;

/** The video's current frame as a JPEG, with its pixels for the quality hints. */
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
      JPEG_QUALITY,
    );
  });
}
