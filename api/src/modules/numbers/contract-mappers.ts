import type { PhoneNumber, Reservation } from '@join/shared/contract';
import type { HoldRecord, NumberRecord } from './repository';
import { MAX_HOLD_EXTENSIONS, shownVanityLevel } from './holds';

/** Store records -> the contract's response shapes. */
export function toPhoneNumber(n: NumberRecord | HoldRecord): PhoneNumber {
  if (!('heldUntil' in n)) {
    return { MSISDN: n.msisdn, InTransferTo: null, VanityLevelId: n.vanityLevel, ReservationDate: null, ExpiryDate: null };
  }
  // A transfer shows the visitor's own number, with the temporary number it stands in for.
  return {
    MSISDN: n.transfer ? n.transfer.externalMsisdn : n.msisdn,
    InTransferTo: n.transfer ? n.msisdn : null,
    VanityLevelId: shownVanityLevel(n),
    ReservationDate: new Date(n.reservedAt).toISOString(),
    ExpiryDate: new Date(n.heldUntil).toISOString(),
  };
}

export function toReservation(hold: HoldRecord): Reservation {
  return {
    reservation_id: hold.reservationId,
    reservation_type: hold.transfer ? 'mnp' : 'number',
    number: toPhoneNumber(hold),
    committed: hold.committed,
    extensions_left: Math.max(0, MAX_HOLD_EXTENSIONS - hold.extensions),
  };
}
