import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Crosshair } from 'lucide';
import { apiClient } from '@join/shared';
import { useLanguage, useT } from '@join/shared/react';
import { Button, LiveRegion } from '@join/shared/ui';
import { MAP_DEFAULT_ZOOM } from '@join/shared/delivery';
import { MAP_DATA_PATHS, MAP_DEFAULT_CENTER, MapAttribution, UAE_BOUNDS } from '@join/shared/delivery';
import type { Map as MaplibreMap, Marker } from 'maplibre-gl';
import { LocateButton, LocateError, useLocate } from './locate';
import { hasWebGL, loadMaplibre, type MaplibreModule } from './load-maplibre';
import { PressDetector } from './press';
import { buildStyle } from './style';

export interface LatLngPoint {
  lat: number;
  lng: number;
}

export interface MapMarker extends LatLngPoint {
  id: string;
  label: string;
  selected?: boolean;
}

export interface MapViewProps {
  /** The pin; null for none yet. */
  pin: LatLngPoint | null;
  /**
   * Given: the visitor can put and move the pin (press, drag, centre button, their location).
   * Omitted: read-only. Answering false (at once or later) refuses the point: a dragged pin
   * goes back to `pin`.
   */
  onPin?: (p: LatLngPoint, how: 'map' | 'location') => void | boolean | Promise<boolean>;
  /** Where the map looks: a new object moves the view there (a place chosen in the search). */
  focus?: LatLngPoint | null;
  /** Other points (stores), each a button when onMarker is given. */
  markers?: readonly MapMarker[];
  onMarker?: (id: string) => void;
  /** What the map shows, for screen readers. */
  label: string;
  /** Zoom on the focus or pin (default MAP_DEFAULT_ZOOM). */
  zoom?: number;
}

type State = 'loading' | 'ready' | 'no-webgl' | 'failed';
const reducedMotion = () => typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * The one map of the delivery step (maplibre-gl, loaded with the first screen that shows it).
 * Interactive (onPin given): a click or a long press drops the pin (press.ts: SPEC 9's 300 ms
 * and 500 ms), the pin drags, "Use my location", and for keyboard and single-pointer users "Put
 * the pin at the map's centre" (the map pans with the arrow keys: WCAG 2.5.7 and 2.1.1).
 * Read-only (no onPin): the pin, no gestures. The view is held to the UAE (UAE_BOUNDS), first at
 * MAP_DEFAULT_ZOOM over the pin or MAP_DEFAULT_CENTER. The data sources' attribution is always
 * written under it. Loading, no WebGL and failed data each say so in words.
 */
/** A source's name without its description ("Natural Earth (emirates, Admin 1 at 1:10m)" is "Natural Earth"). */
function sourceName(name: string): string {
  return name.replace(/\s*\(.*\)\s*$/, '');
}

export function MapView({ pin, onPin, focus, markers = [], onMarker, label, zoom = MAP_DEFAULT_ZOOM }: MapViewProps) {
  const t = useT();
  const { language } = useLanguage();
  const box = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MaplibreMap | null>(null);
  const libRef = useRef<MaplibreModule | null>(null);
  const pinMarker = useRef<Marker | null>(null);
  const others = useRef<Marker[]>([]);
  const [state, setState] = useState<State>(() => (hasWebGL() ? 'loading' : 'no-webgl'));
  const [attempt, setAttempt] = useState(0);
  const interactive = Boolean(onPin);
  // The latest callbacks, read by the map's listeners (set once per map).
  const onPinRef = useRef(onPin);
  const onMarkerRef = useRef(onMarker);
  const pinRef = useRef(pin);
  useEffect(() => {
    onPinRef.current = onPin;
    onMarkerRef.current = onMarker;
    pinRef.current = pin;
  });
  // The first view: the pin, else the focus, else Dubai; a map built again (a new language, a
  // retry) opens where the last one was left.
  const lastView = useRef<{ center: LatLngPoint; zoom: number }>({ center: pin ?? focus ?? MAP_DEFAULT_CENTER, zoom });

  const attribution = useQuery({
    queryKey: ['map', 'attribution'],
    queryFn: () => apiClient.request('GET', MAP_DATA_PATHS.attribution, { schema: MapAttribution }),
    staleTime: Infinity,
  });

  useEffect(() => {
    if (state === 'no-webgl') return;
    let cancelled = false;
    let map: MaplibreMap | null = null;
    let detector: PressDetector | null = null;
    setState('loading');
    loadMaplibre()
      .then((ml) => {
        if (cancelled || !box.current) return;
        libRef.current = ml;
        const [w, s, e, n] = UAE_BOUNDS;
        const start = lastView.current;
        map = new ml.Map({
          container: box.current,
          style: buildStyle(language),
          center: [start.center.lng, start.center.lat],
          zoom: start.zoom,
          maxBounds: [
            [w, s],
            [e, n],
          ],
          interactive,
          attributionControl: false,
          // A double click is two clicks: each drops the pin (press.ts), zooming too would move it away.
          doubleClickZoom: false,
        });
        mapRef.current = map;
        const canvas = map.getCanvas();
        canvas.setAttribute('aria-label', label);
        if (!interactive) canvas.setAttribute('tabindex', '-1');
        map.on('load', () => {
          if (!cancelled) setState('ready');
        });
        map.on('error', (ev: { sourceId?: string; error?: unknown }) => {
          // A source that does not load (the land, the borders, the places) leaves an empty sea: say so.
          if (!cancelled && ev.sourceId) setState('failed');
        });
        if (interactive) {
          const container = map.getCanvasContainer();
          const drop = (x: number, y: number) => {
            const at = map?.unproject([x, y]);
            if (at) onPinRef.current?.({ lat: at.lat, lng: at.lng }, 'map');
          };
          detector = new PressDetector(drop);
          const local = (ev: PointerEvent) => {
            const r = container.getBoundingClientRect();
            return [ev.clientX - r.left, ev.clientY - r.top] as const;
          };
          const onMarkerEl = (ev: Event) => ev.target instanceof Element && ev.target.closest('.maplibregl-marker') !== null;
          container.addEventListener('pointerdown', (ev) => {
            if (onMarkerEl(ev)) return;
            const [x, y] = local(ev);
            detector?.pointerDown(ev.pointerId, x, y, ev.timeStamp, ev.isPrimary);
          });
          container.addEventListener('pointermove', (ev) => {
            const [x, y] = local(ev);
            detector?.pointerMove(ev.pointerId, x, y);
          });
          container.addEventListener('pointerup', (ev) => {
            const [x, y] = local(ev);
            detector?.pointerUp(ev.pointerId, x, y, ev.timeStamp);
          });
          container.addEventListener('pointercancel', () => detector?.cancel());
          // A long press on touch opens no context menu over the map.
          container.addEventListener('contextmenu', (ev) => ev.preventDefault());
        }
      })
      .catch(() => {
        if (!cancelled) setState('failed');
      });
    return () => {
      cancelled = true;
      detector?.cancel();
      pinMarker.current = null;
      others.current = [];
      if (map) {
        const c = map.getCenter();
        lastView.current = { center: { lat: c.lat, lng: c.lng }, zoom: map.getZoom() };
        map.remove();
      }
      mapRef.current = null;
    };
    // A new map for a new language (the labels) or a retry; the rest follows in the effects below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [language, attempt, interactive]);

  // The pin.
  useEffect(() => {
    const map = mapRef.current;
    const ml = libRef.current;
    if (!map || !ml || state !== 'ready') return;
    if (!pin) {
      pinMarker.current?.remove();
      pinMarker.current = null;
      return;
    }
    if (!pinMarker.current) {
      const el = document.createElement('div');
      // maplibre positions the marker with an inline transform: the teardrop's rotation lives on
      // a child, so the point stays over the spot.
      el.className = 'delivery-pin';
      el.appendChild(document.createElement('span')).className = 'delivery-pin__drop';
      el.setAttribute('role', 'img');
      el.setAttribute('aria-label', t('delivery.map.pin'));
      const marker = new ml.Marker({ element: el, draggable: interactive, anchor: 'bottom' });
      marker.on('dragend', () => {
        const at = marker.getLngLat();
        void Promise.resolve(onPinRef.current?.({ lat: at.lat, lng: at.lng }, 'map')).then((taken) => {
          // Refused (in the water): back where the pin is.
          const back = pinRef.current;
          if (taken === false && back && pinMarker.current === marker) marker.setLngLat([back.lng, back.lat]);
        });
      });
      pinMarker.current = marker.setLngLat([pin.lng, pin.lat]).addTo(map);
    } else {
      pinMarker.current.setLngLat([pin.lng, pin.lat]);
    }
  }, [pin, state, interactive, t]);

  // The view follows a chosen place (or the visitor's location).
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !focus || state !== 'ready') return;
    map.easeTo({ center: [focus.lng, focus.lat], zoom: Math.max(map.getZoom(), 14), duration: reducedMotion() ? 0 : 250 });
  }, [focus, state]);

  // Other points (stores).
  useEffect(() => {
    const map = mapRef.current;
    const ml = libRef.current;
    if (!map || !ml || state !== 'ready') return;
    others.current.forEach((m) => m.remove());
    others.current = markers.map((m) => {
      const el = document.createElement(onMarker ? 'button' : 'div');
      el.className = `delivery-store-marker${m.selected ? ' delivery-store-marker--selected' : ''}`;
      el.setAttribute('aria-label', t('delivery.map.store', { name: m.label }));
      if (onMarker) {
        (el as HTMLButtonElement).type = 'button';
        el.addEventListener('click', () => onMarkerRef.current?.(m.id));
      } else el.setAttribute('role', 'img');
      return new ml.Marker({ element: el }).setLngLat([m.lng, m.lat]).addTo(map);
    });
  }, [markers, onMarker, state, t]);

  const locator = useLocate((p) => onPinRef.current?.(p, 'location'));

  const sources = attribution.data?.sources ?? [];
  return (
    <div className="delivery-map" data-state={state}>
      <div className="delivery-map__frame">
        <div ref={box} className="delivery-map__canvas" hidden={state === 'no-webgl'} />
        {state === 'loading' ? (
          <p className="delivery-map__state muted" role="status">
            {t('delivery.map.loading')}
          </p>
        ) : state === 'no-webgl' ? (
          <p className="delivery-map__state">{t('delivery.map.noWebgl')}</p>
        ) : state === 'failed' ? (
          <div className="delivery-map__state" role="alert">
            <p>{t('delivery.map.failed')}</p>
            <Button variant="secondary" onClick={() => setAttempt((n) => n + 1)}>
              {t('common.retry')}
            </Button>
          </div>
        ) : null}
      </div>
      {interactive ? (
        <div className="delivery-map__controls">
          {state === 'ready' ? <p className="muted delivery-map__help">{t('delivery.map.help')}</p> : null}
          <LocateButton locator={locator} />
          {state === 'ready' ? (
            <Button
              variant="secondary"
              icon={Crosshair}
              onClick={() => {
                const c = mapRef.current?.getCenter();
                if (c) onPinRef.current?.({ lat: c.lat, lng: c.lng }, 'map');
              }}
            >
              {t('delivery.map.centre')}
            </Button>
          ) : null}
          <LiveRegion message={locator.locating ? t('delivery.locate.busy') : ''} />
          <LocateError locator={locator} />
        </div>
      ) : null}
      {sources.length > 0 ? (
        <p className="delivery-map__attribution muted">
          {t('delivery.map.attribution')}{' '}
          {sources.map((s, i) => (
            <span key={s.name}>
              {i > 0 ? ', ' : ''}
              {/* A credit as the licensor words it (a proper name and a licence): not for translation. */}
              <bdi dir="ltr" lang="en" translate="no">
                <a href={s.url} target="_blank" rel="noopener noreferrer">
                  © {sourceName(s.name)}
                </a>{' '}
                ({s.licence})
              </bdi>
            </span>
          ))}
        </p>
      ) : null}
    </div>
  );
}
