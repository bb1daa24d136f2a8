import { lazy, StrictMode, Suspense, useState } from 'react';
import { createRoot } from 'react-dom/client';
import '@join/shared/tokens.css';
import '@join/shared/ui.css';
import '@join/shared/identity';
import type { FacePrompt } from '@join/shared/identity';
import type { FaceCapture } from '../face-scan';

/**
 * A page with the face scan alone, for e2e/perf/face-feedback.mjs: the component loads lazily
 * as in the product (its chunk, human's chunk, the model and the .wasm after mount). `?lang=ar`
 * lays it out right to left; `?prompt=left` the challenge's prompt. What onCapture received is
 * written on <body> for the script.
 */
const FaceScan = lazy(() => import('../face-scan'));

function Harness() {
  const [problem, setProblem] = useState<string | null>(null);
  // The server's challenge stands in here: the prompt from ?prompt= (closer by default).
  const prompt = (new URLSearchParams(location.search).get('prompt') ?? 'closer') as FacePrompt;
  const getChallenge = async () => ({ nonce: 'harness-nonce-harness-nonce-harness-nonce00', prompt });
  const onCapture = async ({ frames }: FaceCapture) => {
    const [last] = frames.slice(-1);
    document.body.dataset.capturedFrames = String(frames.length);
    document.body.dataset.capturedBytes = String(last?.size ?? 0);
    document.body.dataset.capturedType = last?.type ?? '';
    await new Promise((r) => setTimeout(r, 300));
    if (new URLSearchParams(location.search).has('problem')) setProblem('The photo did not match. Try again in better light.');
  };
  return (
    <Suspense fallback={<p role="status">Loading…</p>}>
      <h1>Face scan</h1>
      <FaceScan getChallenge={getChallenge} onCapture={onCapture} problem={problem} onCameraUnavailable={() => (document.body.dataset.otherWay = '1')} />
    </Suspense>
  );
}

// Right to left with the bundled English (the product's Arabic comes from GET /translations).
if (new URLSearchParams(location.search).get('lang') === 'ar') {
  document.documentElement.lang = 'ar';
  document.documentElement.dir = 'rtl';
}
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Harness />
  </StrictMode>,
);
