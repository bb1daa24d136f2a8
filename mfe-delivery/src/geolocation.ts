/**
 * The browser's position for "Use my location", as one promise. High accuracy: a courier needs
 * the building, not the country. 15 s to answer; a fix up to a minute old is good enough.
 */
export const POSITION_OPTIONS: PositionOptions = { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 };

/** Why no position came: each has its own explanation on the page. */
export type PositionFailure = 'denied' | 'unavailable' | 'timeout' | 'unsupported';

export class PositionError extends Error {
  constructor(readonly reason: PositionFailure) {
    super(`no position: ${reason}`);
    this.name = 'PositionError';
  }
}

/** GeolocationPositionError's codes (the constants are not on every implementation's instances). */
const REASON_BY_CODE: Readonly<Record<number, PositionFailure>> = { 1: 'denied', 2: 'unavailable', 3: 'timeout' };

/** The current position, or a PositionError saying why not. Nothing of it is kept beyond the pin. */
export function currentPosition(): Promise<{ lat: number; lng: number }> {
  return new Promise((resolve, reject) => {
    if (typeof navigator === 'undefined' || !('geolocation' in navigator) || navigator.geolocation == null) {
      reject(new PositionError('unsupported'));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (p) => resolve({ lat: p.coords.latitude, lng: p.coords.longitude }),
      (e) => reject(new PositionError(REASON_BY_CODE[e.code] ?? 'unavailable')),
      POSITION_OPTIONS,
    );
  });
}
