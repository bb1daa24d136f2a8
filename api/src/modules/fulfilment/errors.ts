import { API_ERROR_CODES } from '@join/shared/contract';
import { DomainError, ServiceFailure, type ErrorStatuses } from '../../platform/domain-error';
import { DELIVERY_CLOSED, DELIVERY_UNSUPPORTED } from './delivery-service';

/** Our codes of the delivery step (SPEC 8 has none for these). */
const COURIER_REJECTED = 'courier_rejected';
const ESIM_UNAVAILABLE = 'esim_unavailable';
/** The eSIM provider refused to issue one (502), as against being out of reach (503): one code, two situations. */
const ESIM_NOT_ISSUED = 'esim_not_issued';

/** The HTTP status of each code (or situation) the fulfilment module refuses or fails with. */
export const FULFILMENT_ERROR_STATUSES: ErrorStatuses = {
  [DELIVERY_CLOSED]: 409,
  [DELIVERY_UNSUPPORTED]: 422,
  [COURIER_REJECTED]: 422,
  [ESIM_NOT_ISSUED]: 502,
  [ESIM_UNAVAILABLE]: 503,
};

/** 409 step_not_allowed: the page reloads the flow status and goes where the flow contract says (the identity check). */
export const identityRequired = () =>
  new DomainError(API_ERROR_CODES.stepNotAllowed, 'Pass the identity check with this account first: no SIM is issued, delivered or handed over without it');
export const courierRejected = () =>
  new DomainError(COURIER_REJECTED, 'The courier cannot take this order: check the address, or collect your SIM in a store');
/** SPEC 8 -128, with when the zone opens again (null if never). */
export const deliveryClosed = (nextOpening: string | null) =>
  new DomainError(DELIVERY_CLOSED, 'Delivery is closed in this area right now', 'body.lat', { next_opening: nextOpening });
/** SPEC 8 -401, why in the message (the pin in the water, or an area we do not deliver to). */
export const deliveryUnsupported = (message: string) => new DomainError(DELIVERY_UNSUPPORTED, message, 'body.lat');
export const unknownStore = (storeId: string) =>
  new DomainError(API_ERROR_CODES.notFound, `body.store_id: there is no store ${storeId}`, 'body.store_id');
export const esimNotIssued = () =>
  new ServiceFailure(ESIM_UNAVAILABLE, 'The eSIM could not be issued: contact us', undefined, undefined, ESIM_NOT_ISSUED);
export const esimUnavailable = () =>
  new ServiceFailure(ESIM_UNAVAILABLE, 'The eSIM service cannot be reached right now: please try again in a moment');
