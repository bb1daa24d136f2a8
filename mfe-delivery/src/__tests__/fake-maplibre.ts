/**
 * A stand-in for maplibre-gl (jsdom draws no WebGL): the same calls the map component makes,
 * recording what it was asked. `load` fires on the next tick, as a real map's would after its style.
 */
import { act } from '@testing-library/react';

type Handler = (e?: unknown) => void;

class Evented {
  handlers: Record<string, Handler[]> = {};
  on(type: string, h: Handler) {
    (this.handlers[type] ??= []).push(h);
    return this;
  }
  fire(type: string, e?: unknown) {
    for (const h of this.handlers[type] ?? []) h(e);
  }
}

export class FakeMap extends Evented {
  static all: FakeMap[] = [];
  static get last(): FakeMap {
    const m = FakeMap.all[FakeMap.all.length - 1];
    if (!m) throw new Error('no map yet');
    return m;
  }
  readonly canvasContainer = document.createElement('div');
  readonly canvas = document.createElement('canvas');
  center: { lng: number; lat: number };
  zoom: number;
  eased: Array<{ center: [number, number]; zoom: number }> = [];
  markers: FakeMarker[] = [];
  removed = false;
  constructor(readonly options: { container: HTMLElement; center: [number, number]; zoom: number; interactive: boolean; maxBounds: unknown; style: unknown }) {
    super();
    FakeMap.all.push(this);
    this.center = { lng: options.center[0], lat: options.center[1] };
    this.zoom = options.zoom;
    this.canvas.tabIndex = 0;
    this.canvasContainer.className = 'maplibregl-canvas-container';
    this.canvasContainer.appendChild(this.canvas);
    options.container.appendChild(this.canvasContainer);
    setTimeout(() => act(() => this.fire('load')), 0);
  }
  getCanvas() {
    return this.canvas;
  }
  getCanvasContainer() {
    return this.canvasContainer;
  }
  /** A pixel on the canvas to a place: 1 px = 0.001°, from 55°E 25°N at the top left. */
  unproject([x, y]: [number, number]) {
    return { lng: 55 + x / 1000, lat: 25 + y / 1000 };
  }
  getCenter() {
    return this.center;
  }
  getZoom() {
    return this.zoom;
  }
  easeTo(o: { center: [number, number]; zoom: number }) {
    this.eased.push(o);
    this.center = { lng: o.center[0], lat: o.center[1] };
  }
  remove() {
    this.removed = true;
    this.canvasContainer.remove();
  }
}

export class FakeMarker extends Evented {
  readonly element: HTMLElement;
  lngLat: { lng: number; lat: number } | null = null;
  map: FakeMap | null = null;
  constructor(readonly options: { element: HTMLElement; draggable?: boolean }) {
    super();
    this.element = options.element;
    this.element.classList.add('maplibregl-marker');
  }
  setLngLat([lng, lat]: [number, number]) {
    this.lngLat = { lng, lat };
    return this;
  }
  getLngLat() {
    return this.lngLat!;
  }
  addTo(map: FakeMap) {
    this.map = map;
    map.markers.push(this);
    map.canvasContainer.appendChild(this.element);
    return this;
  }
  remove() {
    this.element.remove();
    if (this.map) this.map.markers = this.map.markers.filter((m) => m !== this);
  }
}

export const fakeMaplibre = { Map: FakeMap, Marker: FakeMarker, setWorkerUrl: () => undefined, getVersion: () => '6.17.0' };

/** What the mocked load-maplibre module answers; tests switch WebGL off or make the library fail. */
export const maplibreControl = { webgl: true, fail: false };

export const loadMaplibreMock = {
  loadMaplibre: () => (maplibreControl.fail ? Promise.reject(new Error('chunk failed')) : Promise.resolve(fakeMaplibre)),
  hasWebGL: () => maplibreControl.webgl,
};
