/**
 * The measurement contract without its calls: what the API parses (`@join/shared/measurement-contract`).
 * The calls (endpoints.ts) use the page's API client, which the Node kernel does not carry.
 */
export * from './ops';
export * from './beacons';
export * from './codes';
