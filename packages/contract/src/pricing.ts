/** Money rules shared by the browser and the server. Every amount is an integer number of KES. */

export interface PriceSetting {
  /** Base price of a one-hour session, integer KES. */
  base_session_price: number;
  /** VAT in percent, an integer (16 means 16 %). */
  vat_tax: number;
}

function assertNonNegativeInteger(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a non-negative integer, got ${value}`);
  }
}

/** a / b rounded up, for non-negative integers, without floating point division. */
function ceilDiv(a: number, b: number): number {
  const remainder = a % b;
  return (a - remainder) / b + (remainder > 0 ? 1 : 0);
}

/**
 * The price charged for a session: the base price plus VAT, rounded up to a whole shilling
 * (spec: 'base price plus VAT percent, rounded up'). 2500 at 16 % is 2900; 2501 at 16 % is 2902.
 */
export function sessionPrice({ base_session_price, vat_tax }: PriceSetting): number {
  assertNonNegativeInteger(base_session_price, 'base_session_price');
  assertNonNegativeInteger(vat_tax, 'vat_tax');
  return ceilDiv(base_session_price * (100 + vat_tax), 100);
}

/**
 * What each person pays for a group session shared by the one who books it and `otherAttendees`
 * invited people: the amount divided among all of them, rounded up to a whole shilling.
 */
export function groupShare(amount: number, otherAttendees: number): number {
  assertNonNegativeInteger(amount, 'amount');
  assertNonNegativeInteger(otherAttendees, 'otherAttendees');
  return ceilDiv(amount, otherAttendees + 1);
}

/** A group session is priced for its paid attendees: with fewer than this many paid, it is a 1:1 hour. */
export const minPaidGroupAttendees = 2;

/**
 * What a group's host must add so the session is not a private hour sold at the group share (issue 20,
 * "Groups"): with fewer than `minPaidGroupAttendees` paid shares, the difference between the individual price
 * and what was paid; otherwise nothing.
 */
export function groupCoverAmount(individualPrice: number, paidShares: readonly number[]): number {
  assertNonNegativeInteger(individualPrice, 'individualPrice');
  if (paidShares.length >= minPaidGroupAttendees) return 0;
  const paid = paidShares.reduce((sum, share) => {
    assertNonNegativeInteger(share, 'share');
    return sum + share;
  }, 0);
  return Math.max(0, individualPrice - paid);
}
