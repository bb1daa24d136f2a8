import { lazy, StrictMode, Suspense, useState } from 'react';
import { createRoot } from 'react-dom/client';
import '@join/shared/tokens.css';
import '@join/shared/ui.css';
import '@join/shared/identity';

/**
 * A page with the face scan alone, for e2e/perf/face-feedback.mjs: the component loads lazily
 * as in the product (its chunk, human's chunk, the model and the .wasm after mount). `?lang=ar`
 * lays it out right to left. What onCapture received is written on <body> for the script.
 */
const FaceScan = lazy(() => import('../face-scan'));

function Harness() {
  const [problem, setProblem] = useState<string | null>(null);
  const onCapture = async (jpeg: Blob) => {
    document.body.dataset.capturedBytes = String(jpeg.size);
    document.body.dataset.capturedType = jpeg.type;
    await new Promise((r) => setTimeout(r, 300));
    if (new URLSearchParams(location.search).has('problem')) setProblem('The photo did not match. Try again in better light.');
  };
  return (
    <Suspense fallback={<p role="status">Loading…</p>}>
      <h1>Face scan</h1>
      <FaceScan onCapture={onCapture} problem={problem} onCameraUnavailable={() => (document.body.dataset.otherWay = '1')} />
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
