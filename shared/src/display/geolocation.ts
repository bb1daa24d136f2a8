/**
 * The browser's position, as one promise, for the steps that ask for it (the identity step's
 * location check, the delivery step's "Use my location"). Each says how precise it must be.
 *
 * For a country (the location check): no high accuracy (a country needs no GPS fix, and the
 * network position answers faster and indoors), 15 s to answer, and a position up to a minute old
 * is good enough (a second try right after a timeout need not wait for a new fix).
 */
export const COUNTRY_POSITION: PositionOptions = { enableHighAccuracy: false, timeout: 15_000, maximumAge: 60_000 };

/** For an address (a courier's pin): high accuracy, as a courier needs the building, not the country; otherwise as above. */
export const ADDRESS_POSITION: PositionOptions = { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 };

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

/** Whether this browser has the Geolocation API at all (old browsers, some in-app web views, insecure origins). */
export function canLocate(): boolean {
  return typeof navigator !== 'undefined' && 'geolocation' in navigator && navigator.geolocation != null;
}

/** The current position, or a PositionError saying why not. Nothing of it is kept here. */
export function currentPosition(options: PositionOptions): Promise<{ lat: number; lng: number }> {
  return new Promise((resolve, reject) => {
    if (!canLocate()) {
      reject(new PositionError('unsupported'));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (p) => resolve({ lat: p.coords.latitude, lng: p.coords.longitude }),
      // An unknown code is treated as "unavailable": the advice (location on, try again) fits.
      (e) => reject(new PositionError(REASON_BY_CODE[e.code] ?? 'unavailable')),
      options,
    );
  });
}
