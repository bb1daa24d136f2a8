/**
 * @join/shared/measurement: the first-party collector's contract (beacons of events and web
 * vitals) and the operations page's summary. Not part of the kernel singleton: the chunks that use
 * it bundle it.
 */
export * from './ops';
export * from './beacons';
export * from './codes';
export * from './endpoints';
