import { lazy, StrictMode, Suspense, useEffect, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'jotai';
import { QueryClientProvider } from '@tanstack/react-query';
import { store } from '@join/shared';
import { createQueryClient } from '@join/shared/react';
import '@join/shared/tokens.css';
import '@join/shared/ui.css';
import '../../delivery.css';
import { loadMaplibre, type MaplibreModule } from '../load-maplibre';
import type { LatLngPoint } from '../map-view';

/**
 * A page with the delivery step's map alone, for e2e/perf/map-interactive.mjs: MapView,
 * interactive, with a pin (Dubai Marina), under the kernel's jotai store and query client as the
 * host gives them. The component loads lazily as on the map page (its chunk, then maplibre-gl and
 * its CSS, then the worker and the map data from /api/map/). Written on <body> for the script,
 * in ms since navigation start (performance.now()):
 *   data-map-load-ms  maplibre's `load` (style, sources and first render done: interactive);
 *   data-map-idle-ms  its first `idle` (every tile and label drawn, nothing moving);
 *   data-pin-ms       from a click's pointerup on the map to the frame with the pin moved there
 *                     (press.ts: a click shorter than 300 ms drops the pin), and data-pin-off-px,
 *                     how far (CSS px) the pin's point lands from where the click was.
 */
const START: LatLngPoint = { lat: 25.08, lng: 55.14 };

type Timed = { fire: (event: string | { type: string }, ...rest: unknown[]) => unknown; project: (p: [number, number]) => { x: number; y: number } };
/** The maps built so far (StrictMode builds one, removes it and builds another): the last is on the page. */
const maps: Timed[] = [];
const theMap = (): Timed | undefined => maps[maps.length - 1];

/**
 * Notes the map's events without touching the component: wraps maplibre's Map.prototype.fire
 * once, before the component builds its map (this runs when MapView's chunk arrives, and
 * loadMaplibre() is the one cached load the component also awaits, so nothing loads earlier).
 */
function timeMapEvents(ml: MaplibreModule) {
  const proto = ml.Map.prototype as unknown as Timed;
  const fire = proto.fire;
  proto.fire = function (this: Timed, event, ...rest) {
    const type = typeof event === 'string' ? event : event.type;
    if (!maps.includes(this)) maps.push(this);
    const data = document.body.dataset;
    if (type === 'load' && !data.mapLoadMs) data.mapLoadMs = performance.now().toFixed(0);
    if (type === 'idle' && !data.mapIdleMs) data.mapIdleMs = performance.now().toFixed(0);
    if (type === 'error') data.mapErrors = String(Number(data.mapErrors ?? 0) + 1);
    return fire.call(this, event, ...rest);
  };
}

const MapView = lazy(() =>
  import('../map-view').then(async (m) => {
    timeMapEvents(await loadMaplibre());
    return { default: m.MapView };
  }),
);

let lastPointerUp: { at: number; x: number; y: number } | null = null;
document.addEventListener('pointerup', (ev) => (lastPointerUp = { at: ev.timeStamp, x: ev.clientX, y: ev.clientY }), { capture: true });

function Harness() {
  const [pin, setPin] = useState<LatLngPoint | null>(START);
  const moved = useRef(false);
  // MapView's own effects (the marker moved) run before this one: the next frame shows the pin there.
  useEffect(() => {
    const map = theMap();
    if (!moved.current || !lastPointerUp || !map || !pin) return;
    const click = lastPointerUp;
    requestAnimationFrame(() => {
      const data = document.body.dataset;
      data.pinMs = (performance.now() - click.at).toFixed(0);
      const canvas = document.querySelector('.delivery-map__canvas')!.getBoundingClientRect();
      const at = map.project([pin.lng, pin.lat]);
      data.pinOffPx = Math.hypot(canvas.left + at.x - click.x, canvas.top + at.y - click.y).toFixed(1);
      data.pinMarker = document.querySelectorAll('.delivery-pin').length.toString();
    });
  }, [pin]);
  return (
    <Suspense fallback={<p role="status">Loading…</p>}>
      <h1>Map</h1>
      <MapView
        pin={pin}
        onPin={(p) => {
          moved.current = true;
          setPin(p);
        }}
        label="Map of the UAE: put the pin where we deliver"
      />
    </Suspense>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <QueryClientProvider client={createQueryClient()}>
        <Harness />
      </QueryClientProvider>
    </Provider>
  </StrictMode>,
);
