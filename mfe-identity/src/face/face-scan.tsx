/**
 * PLACEHOLDER, replaced at merge by the real face scan (front camera, oval guide, in-browser
 * face detection, liveness step), built at the same time on another branch. Only its interface
 * is fixed: the identity pages load this module lazily on the face screens and give it these
 * props. This stand-in takes a photo file, so the pages around it can be built and tried.
 */
import type { ChangeEvent, ReactNode } from 'react';

export interface FaceScanProps {
  /** Called with the captured JPEG once the visitor passed the liveness step; may return a promise (busy while pending). */
  onCapture: (jpeg: Blob) => void | Promise<void>;
  /** An error to show above the camera (e.g. the server's -620 guidance), or null. */
  problem?: ReactNode;
  /** Offered when the camera cannot be used. */
  onCameraUnavailable?: () => void;
}

export default function FaceScan({ onCapture, problem }: FaceScanProps) {
  const choose = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (file) void onCapture(file);
  };
  return (
    <div className="face-scan-placeholder">
      {problem}
      <label>
        Take a selfie
        <input type="file" accept="image/jpeg" capture="user" onChange={choose} />
      </label>
    </div>
  );
}
