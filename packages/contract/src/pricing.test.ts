import { describe, expect, it } from 'vitest';
import { groupCoverAmount, groupShare, sessionPrice } from './pricing.ts';

describe('sessionPrice', () => {
  it('adds VAT to the base price', () => {
    expect(sessionPrice({ base_session_price: 2500, vat_tax: 16 })).toBe(2900);
    expect(sessionPrice({ base_session_price: 6000, vat_tax: 16 })).toBe(6960);
  });

  it('rounds a fraction of a shilling up', () => {
    // 2501 * 1.16 = 2901.16
    expect(sessionPrice({ base_session_price: 2501, vat_tax: 16 })).toBe(2902);
    // 1 * 1.01 = 1.01
    expect(sessionPrice({ base_session_price: 1, vat_tax: 1 })).toBe(2);
  });

  it('has no floating point error where the exact price is whole', () => {
    // In floating point 100 * 1.14 is 114.00000000000001 and 225 * 1.08 is 243.00000000000003:
    // a naive ceil would charge one shilling too much.
    expect(sessionPrice({ base_session_price: 100, vat_tax: 14 })).toBe(114);
    expect(sessionPrice({ base_session_price: 225, vat_tax: 8 })).toBe(243);
    expect(sessionPrice({ base_session_price: 250, vat_tax: 14 })).toBe(285);
  });

  it('keeps the base price when there is no VAT, and zero stays zero', () => {
    expect(sessionPrice({ base_session_price: 2500, vat_tax: 0 })).toBe(2500);
    expect(sessionPrice({ base_session_price: 0, vat_tax: 16 })).toBe(0);
  });

  it('refuses amounts that are not whole non-negative numbers', () => {
    expect(() => sessionPrice({ base_session_price: 2500.5, vat_tax: 16 })).toThrow(RangeError);
    expect(() => sessionPrice({ base_session_price: -1, vat_tax: 16 })).toThrow(RangeError);
    expect(() => sessionPrice({ base_session_price: 2500, vat_tax: 1.5 })).toThrow(RangeError);
    expect(() => sessionPrice({ base_session_price: 2500, vat_tax: -16 })).toThrow(RangeError);
    expect(() => sessionPrice({ base_session_price: Number.NaN, vat_tax: 16 })).toThrow(RangeError);
  });
});

describe('groupShare', () => {
  it('is the whole amount when nobody else attends', () => {
    expect(groupShare(6960, 0)).toBe(6960);
  });

  it('divides evenly when it can', () => {
    expect(groupShare(6960, 1)).toBe(3480);
    expect(groupShare(6960, 3)).toBe(1740);
  });

  it('rounds each share up to a whole shilling', () => {
    expect(groupShare(6960, 4)).toBe(1392);
    expect(groupShare(100, 2)).toBe(34);
    expect(groupShare(1, 4)).toBe(1);
  });

  it('refuses amounts and counts that are not whole non-negative numbers', () => {
    expect(() => groupShare(-1, 1)).toThrow(RangeError);
    expect(() => groupShare(10.5, 1)).toThrow(RangeError);
    expect(() => groupShare(100, -1)).toThrow(RangeError);
    expect(() => groupShare(100, 1.5)).toThrow(RangeError);
  });
});

describe('groupCoverAmount', () => {
  it('asks the difference up to the individual price while fewer than two attendees paid', () => {
    // A group of 5800 booked with three made-up numbers: the host's 1450 is not a private hour of 2900.
    expect(groupCoverAmount(2900, [1450])).toBe(1450);
    expect(groupCoverAmount(2900, [])).toBe(2900);
  });

  it('asks nothing once two have paid, or when one share already covers the price', () => {
    expect(groupCoverAmount(2900, [1450, 1450])).toBe(0);
    expect(groupCoverAmount(2900, [1160, 1160])).toBe(0);
    expect(groupCoverAmount(2900, [3000])).toBe(0);
  });

  it('refuses amounts that are not whole non-negative numbers', () => {
    expect(() => groupCoverAmount(-1, [])).toThrow(RangeError);
    expect(() => groupCoverAmount(2900, [10.5])).toThrow(RangeError);
  });
});
