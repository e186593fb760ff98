import { describe, expect, it } from 'vitest';
import { displayPhone, hasChanges, invalidFields } from './profile-form.ts';

describe('the profile forms', () => {
  it('are unchanged until a field differs from what was loaded', () => {
    const loaded = { email: 'a@b.co', occupation: 'Nurse' };
    expect(hasChanges(loaded, { ...loaded })).toBe(false);
    expect(hasChanges(loaded, { ...loaded, occupation: 'Doctor' })).toBe(true);
  });

  it('show Kenyan numbers as people write them, others with their country code', () => {
    expect(displayPhone('254712345678')).toBe('0712 345678');
    expect(displayPhone('447400123456')).toBe('+447400123456');
    expect(displayPhone(null)).toBe('');
  });

  it("outline every blank field for 'Please fill all fields', otherwise only the named one", () => {
    const values = { email: '', occupation: ' ', dob: '2000-01-01' };
    expect(
      [
        ...invalidFields(
          { field: 'email', message: 'Please fill all fields' },
          values,
          'Please fill all fields',
        ),
      ].sort(),
    ).toEqual(['email', 'occupation']);
    expect([
      ...invalidFields(
        { field: 'dob', message: 'Birthday cannot be in the future' },
        values,
        'Please fill all fields',
      ),
    ]).toEqual(['dob']);
    expect(invalidFields(null, values, 'Please fill all fields').size).toBe(0);
  });
});
