import { useCallback, useEffect, useRef, useState } from 'react';
import { CameraError, openCamera, stopCamera, type CameraFailure } from '../camera';

export type CameraState = { status: 'off' | 'starting' | 'live' } | { status: 'failed'; reason: CameraFailure };

/**
 * A camera for a screen: started by `start` (a button press, so the permission prompt comes
 * with the screen's reason in view), shown in `videoRef`'s video, and stopped, every track,
 * when the screen goes away.
 */
export function useCamera(constraints?: MediaStreamConstraints) {
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const stream = useRef<MediaStream | null>(null);
  const mounted = useRef(true);
  const [state, setState] = useState<CameraState>({ status: 'off' });

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      stopCamera(stream.current);
      stream.current = null;
    };
  }, []);

  const start = useCallback(async () => {
    setState({ status: 'starting' });
    try {
      const opened = await openCamera(constraints);
      // The screen was left while the browser asked: the camera must not stay on behind it.
      if (!mounted.current) {
        stopCamera(opened);
        return;
      }
      stopCamera(stream.current);
      stream.current = opened;
      setState({ status: 'live' });
    } catch (err) {
      if (mounted.current) setState({ status: 'failed', reason: err instanceof CameraError ? err.reason : 'failed' });
    }
  }, [constraints]);

  // The video element appears with the live state: give it the stream then.
  useEffect(() => {
    const video = videoRef.current;
    if (state.status !== 'live' || !video || !stream.current) return;
    video.srcObject = stream.current;
    void Promise.resolve(video.play()).catch(() => undefined);
  }, [state.status]);

  return { videoRef, state, start };
}
