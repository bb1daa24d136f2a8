/** The retail-shell chunk's exports (see load-retail.ts). */
export { RetailHeaderStart } from './retail-header';
export { RetailChrome } from './retail-chrome';
export { wipeCustomer } from './wipe';
