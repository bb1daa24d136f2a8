/** Why the camera cannot be used, each with its own explanation (texts identity.face.<reason>.*). */
export type CameraFailure = 'denied' | 'noCamera' | 'busy' | 'unsupported';

export class CameraError extends Error {
  constructor(
    readonly reason: CameraFailure,
    options?: { cause?: unknown },
  ) {
    super(`camera: ${reason}`, options);
    this.name = 'CameraError';
  }
}

/** The front camera, at a size the detector reads quickly (it scales frames down anyway). */
export const CAMERA_CONSTRAINTS: MediaStreamConstraints = {
  audio: false,
  video: { facingMode: 'user', width: { ideal: 640 }, height: { ideal: 480 } },
};

export function canUseCamera(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

/** getUserMedia's DOMException names, sorted by what the visitor can do about them. */
export function cameraFailureOf(err: unknown): CameraFailure {
  const name = (err as { name?: string } | null)?.name ?? '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError') return 'noCamera';
  if (name === 'TypeError') return 'unsupported';
  return 'busy'; // NotReadableError, AbortError, TrackStartError and anything else: it did not start
}

export async function openFrontCamera(): Promise<MediaStream> {
  if (!canUseCamera()) throw new CameraError('unsupported');
  try {
    return await navigator.mediaDevices.getUserMedia(CAMERA_CONSTRAINTS);
  } catch (err) {
    throw new CameraError(cameraFailureOf(err), { cause: err });
  }
}

export function stopStream(stream: MediaStream | null): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/**
 * The current frame, kept on a canvas of its own (cheap: no encoding), as the camera sees it: not
 * mirrored like the preview (the authority compares it with the document's photo, which is not
 * mirrored either).
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

/** The current frame as a JPEG (snapshot, then encodeJpeg). */
export function captureJpeg(video: HTMLVideoElement, quality = 0.92): Promise<Blob> {
  try {
    return encodeJpeg(snapshot(video), quality);
  } catch (err) {
    return Promise.reject(err instanceof Error ? err : new Error('no 2d canvas'));
  }
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
