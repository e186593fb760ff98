import { describe, expect, it } from 'vitest';
import {
  addAdvisorTimeSlotRequest,
  blockDatesRequest,
  kenyanBanks,
  maskTail,
  normaliseAccountNumber,
  slotStartHourOf,
  toWeekDaySlots,
  updateAdvisorTopicsRequest,
  updatePaymentMethodRequest,
  validateAdvisorTopics,
  validateBlockedDate,
} from './advisor-settings.ts';
import { firstMessage } from './validation.ts';

describe('weekly time slots', () => {
  it('knows the 15 hourly slots, 06:00 to 22:00 without 12:00-13:00', () => {
    const hours = Array.from({ length: 24 }, (_, h) => h).filter(
      (h) =>
        slotStartHourOf(`${String(h).padStart(2, '0')}:00`, `${String(h + 1).padStart(2, '0')}:00:00`) !==
        null,
    );
    expect(hours).toEqual([6, 7, 8, 9, 10, 11, 13, 14, 15, 16, 17, 18, 19, 20, 21]);
    expect(slotStartHourOf('09:30', '10:30')).toBeNull();
    expect(slotStartHourOf('09:00', '11:00')).toBeNull();
    expect(slotStartHourOf('9:00', '10:00')).toBeNull();
  });

  it('refuses a slot that is not one of them', () => {
    const week = (startTime: string, endTime: string) => ({
      advisorId: 1,
      sessionDaysDTOList: [{ dayName: 'Monday', sessionTimeSlots: [{ startTime, endTime }] }],
    });
    expect(firstMessage(addAdvisorTimeSlotRequest, week('12:00', '13:00'))).toBe(
      'Please choose time slots from the list',
    );
    expect(firstMessage(addAdvisorTimeSlotRequest, week('13:00', '14:00'))).toBeNull();
  });

  it('lays a week out Monday to Sunday with slots in order', () => {
    const week = toWeekDaySlots([
      { dayOfWeek: 2, startHour: 21 },
      { dayOfWeek: 2, startHour: 6 },
      { dayOfWeek: 7, startHour: 13 },
    ]);
    expect(week).toHaveLength(7);
    expect(week[1]).toEqual({
      dayName: 'Tuesday',
      sessionTimeSlots: [
        { startTime: '06:00:00', endTime: '07:00:00' },
        { startTime: '21:00:00', endTime: '22:00:00' },
      ],
    });
    expect(week[6]!.sessionTimeSlots).toEqual([{ startTime: '13:00:00', endTime: '14:00:00' }]);
  });
});

describe('topics', () => {
  it('are one to five, unique', () => {
    expect(validateAdvisorTopics([])).toBe('Please select at least a topic');
    expect(validateAdvisorTopics([1, 1])).toBe('Topics must be unique');
    expect(validateAdvisorTopics([1, 2, 3, 4, 5, 6])).toBe('You can only select upto five topics');
    expect(validateAdvisorTopics([1, 2, 3, 4, 5])).toBeNull();
    expect(firstMessage(updateAdvisorTopicsRequest, { advisorId: 1, topics: [2, 2] })).toBe(
      'Topics must be unique',
    );
  });
});

describe('blocked dates', () => {
  const today = '2026-03-15';
  it('are real dates from today to a year ahead', () => {
    expect(validateBlockedDate('2026-03-14', today)).toBe('You cannot block a date in the past');
    expect(validateBlockedDate('2026-03-15', today)).toBeNull();
    expect(validateBlockedDate('2027-03-16', today)).toBeNull();
    expect(validateBlockedDate('2027-03-17', today)).toBe('You can block dates up to a year ahead');
    expect(validateBlockedDate('2026-02-30', today)).toBe('Please enter a valid date');
    expect(firstMessage(blockDatesRequest, { dates: [] })).toBe('Please fill all fields');
    expect(firstMessage(blockDatesRequest, { dates: ['tomorrow'] })).toBe('Please enter a valid date');
  });
});

describe('payment methods', () => {
  it('checks each method’s fields with their messages', () => {
    const check = (value: unknown) => firstMessage(updatePaymentMethodRequest, value);
    expect(check({ method: 'MPESA' })).toBe('Please fill in phone number');
    expect(check({ method: 'MPESA', mpesaPhoneNumber: '07123' })).toBe('Invalid phone number');
    expect(check({ method: 'MPESA', mpesaPhoneNumber: '0712 345678' })).toBeNull();
    const bank = {
      method: 'BANK',
      bankName: 'Prime Bank',
      branch: 'CBD',
      accountName: 'N M',
      accountNumber: '12345678',
    };
    expect(check(bank)).toBeNull();
    expect(check({ ...bank, bankName: '' })).toBe('Please fill all fields');
    expect(check({ ...bank, bankName: 'Fake Bank' })).toBe('Please choose a bank from the list');
    expect(check({ ...bank, accountName: ' ' })).toBe('Please fill all fields');
    expect(check({ ...bank, accountNumber: '12345' })).toBe('Invalid account number');
    expect(check({ method: 'PAYPAL', paypalEmail: '' })).toBe('Please fill all fields');
    expect(check({ method: 'PAYPAL', paypalEmail: 'me@' })).toBe('Invalid email');
  });

  it('stores numbers in one form and shows them masked', () => {
    expect(
      updatePaymentMethodRequest.parse({ method: 'MPESA', mpesaPhoneNumber: '0712 345678' }),
    ).toMatchObject({
      mpesaPhoneNumber: '254712345678',
      preferred: false,
    });
    expect(normaliseAccountNumber('0123 4567-89')).toBe('0123456789');
    expect(normaliseAccountNumber('12ab56')).toBeNull();
    expect(maskTail('254712345678')).toBe('•••• 5678');
    expect(kenyanBanks).toContain('Equity Bank Kenya');
    expect(new Set(kenyanBanks).size).toBe(kenyanBanks.length);
  });
});
