import { describe, expect, it } from 'vitest';
import {
  contactSupportRequest,
  normaliseLinkedInUrl,
  registerAdviseeRequest,
  storedPhone,
  tidyName,
  toId,
  updateAdviseeDetailsRequest,
  updateAdvisorDetailsRequest,
  validateAdviseeSignUp,
  validateAdviseeUpdate,
  validateAdvisorUpdate,
  validateBiography,
  validateBirthday,
  validateEmailChange,
  validateLinkedInUrl,
} from './profiles.ts';
import { isVideoFileName } from './uploads.ts';
import { firstMessage } from './validation.ts';

const today = '2026-03-15';

const signUp = {
  email: 'wanjiru@example.com',
  name: 'Wanjiru Kamau',
  phoneNumber: '0712 123456',
  password: 'Prosper#2026',
  confirmPassword: 'Prosper#2026',
  industryId: 3,
  gender: 'Female',
  dob: '1994-05-17',
  source: 'Friend',
};

describe('birthday', () => {
  it('is required, a real date, and not in the future', () => {
    expect(validateBirthday('', today)).toBe('Please fill all fields');
    expect(validateBirthday(undefined, today)).toBe('Please fill all fields');
    expect(validateBirthday('17/05/1994', today)).toBe('Please enter a valid birthday');
    expect(validateBirthday('1994-02-30', today)).toBe('Please enter a valid birthday');
    expect(validateBirthday('1850-01-01', today)).toBe('Please enter a valid birthday');
    expect(validateBirthday('2026-03-16', today)).toBe('Birthday cannot be in the future');
    expect(validateBirthday('2026-03-15', today)).toBeNull();
    expect(validateBirthday('1994-05-17', today)).toBeNull();
  });
});

describe('LinkedIn link', () => {
  it('adds https:// and accepts only linkedin.com addresses', () => {
    expect(normaliseLinkedInUrl('linkedin.com/in/jane')).toBe('https://linkedin.com/in/jane');
    expect(normaliseLinkedInUrl('https://www.linkedin.com/in/jane/')).toBe(
      'https://www.linkedin.com/in/jane/',
    );
    expect(normaliseLinkedInUrl('https://ke.linkedin.com/in/jane')).toBe('https://ke.linkedin.com/in/jane');
    expect(normaliseLinkedInUrl('javascript:alert(1)')).toBeNull();
    expect(normaliseLinkedInUrl('https://linkedin.com.evil.example/in/jane')).toBeNull();
    expect(normaliseLinkedInUrl('https://user:pw@linkedin.com/in/jane')).toBeNull();
    expect(normaliseLinkedInUrl('linkedin.com/in/jane doe')).toBeNull();
    expect(validateLinkedInUrl('')).toBe('Please fill all fields');
    expect(validateLinkedInUrl('example.com')).toBe('Please enter a valid LinkedIn link');
    expect(validateLinkedInUrl('linkedin.com/in/x')).toBeNull();
  });
});

describe('biography', () => {
  it('is required and at most 400 characters', () => {
    expect(validateBiography(' ')).toBe('Please fill all fields');
    expect(validateBiography('b'.repeat(401))).toBe('Biography must be at most 400 characters');
    expect(validateBiography('b'.repeat(400))).toBeNull();
  });
});

describe('small helpers', () => {
  it('tidies names, stores phones as E.164 digits and reads ids', () => {
    expect(tidyName('  Jane   Wanjiru ')).toBe('Jane Wanjiru');
    expect(storedPhone('0712 123456')).toBe('254712123456');
    expect(storedPhone('+44 7400 123456')).toBe('447400123456');
    expect(storedPhone('0712')).toBeNull();
    expect(toId('12')).toBe(12);
    expect(toId(7)).toBe(7);
    expect(toId('')).toBeNaN();
    expect(toId('1.5')).toBeNaN();
    expect(toId(-1)).toBeNaN();
    expect(toId(null)).toBeNaN();
  });

  it('recognises video file names by extension (3g2 … yuv)', () => {
    expect(isVideoFileName('intro.MP4')).toBe(true);
    expect(isVideoFileName('clip.3g2')).toBe(true);
    expect(isVideoFileName('raw.yuv')).toBe(true);
    expect(isVideoFileName('intro.webm')).toBe(true);
    expect(isVideoFileName('notes.txt')).toBe(false);
    expect(isVideoFileName('mp4')).toBe(false);
    expect(isVideoFileName(null)).toBe(false);
  });
});

describe('advisee sign-up', () => {
  it.each([
    [{ phoneNumber: '' }, 'phoneNumber', 'Please fill in phone number'],
    [{ phoneNumber: '', name: '' }, 'phoneNumber', 'Please fill in phone number'],
    [{ name: ' ' }, 'name', 'Please fill all fields'],
    [{ email: '' }, 'email', 'Please fill all fields'],
    [{ industryId: null }, 'industryId', 'Please fill all fields'],
    [{ password: '' }, 'password', 'Please fill all fields'],
    [{ confirmPassword: '' }, 'confirmPassword', 'Please fill all fields'],
    [{ source: '' }, 'source', 'Please fill all fields'],
    [{ gender: '' }, 'gender', 'Please fill all fields'],
    [{ dob: '' }, 'dob', 'Please fill all fields'],
    [{ name: 'Wanjiru' }, 'name', 'Please enter your full name'],
    [{ email: 'wanjiru@example' }, 'email', 'Invalid email'],
    [{ phoneNumber: '0712' }, 'phoneNumber', 'Invalid Phone No'],
    [{ password: 'short', confirmPassword: 'short' }, 'password', 'Password must be at least 8 characters'],
    [{ confirmPassword: 'Other#2026' }, 'confirmPassword', 'Password does not match'],
    [{ gender: 'Other' }, 'gender', 'Please fill all fields'],
    [{ dob: '2026-03-16' }, 'dob', 'Birthday cannot be in the future'],
  ])('%j -> %s: %s', (overrides, field, message) => {
    expect(validateAdviseeSignUp({ ...signUp, ...overrides }, today)).toEqual({ field, message });
  });

  it('checks required fields before formats, in the spec’s order', () => {
    expect(validateAdviseeSignUp({ ...signUp, name: 'Wanjiru', email: '' }, today)?.message).toBe(
      'Please fill all fields',
    );
    expect(validateAdviseeSignUp({ ...signUp, name: 'Wanjiru', email: 'bad' }, today)?.message).toBe(
      'Please enter your full name',
    );
    expect(validateAdviseeSignUp(signUp, today)).toBeNull();
  });

  it('tidies the payload for storing', () => {
    const parsed = registerAdviseeRequest.parse({
      ...signUp,
      email: ' Wanjiru@Example.COM ',
      name: ' Wanjiru   Kamau ',
      industryId: '3',
      sessionId: 44,
      invitation: true,
    });
    expect(parsed).toEqual({
      email: 'wanjiru@example.com',
      name: 'Wanjiru Kamau',
      phoneNumber: '254712123456',
      password: 'Prosper#2026',
      industryId: 3,
      gender: 'Female',
      dob: '1994-05-17',
      source: 'Friend',
      invitation: true,
      sessionId: 44,
    });
    expect(firstMessage(registerAdviseeRequest, { ...signUp, phoneNumber: '' })).toBe(
      'Please fill in phone number',
    );
  });
});

describe('profile updates', () => {
  const advisee = {
    email: 'a@example.com',
    industryId: 1,
    gender: 'Male',
    dob: '1990-01-01',
    linkedInUrl: 'linkedin.com/in/a',
    occupation: 'Teacher',
  };
  const advisor = {
    ...advisee,
    email: undefined,
    emailAddress: 'm@example.com',
    biography: 'Bio',
    favouriteQuote: 'Quote',
    country: 'Kenya',
  };

  it('requires the advisee’s fields, then checks formats', () => {
    for (const field of ['email', 'industryId', 'gender', 'occupation', 'linkedInUrl', 'dob']) {
      expect(validateAdviseeUpdate({ ...advisee, [field]: '' }, today)?.message).toBe(
        'Please fill all fields',
      );
    }
    expect(validateAdviseeUpdate({ ...advisee, email: 'x' }, today)?.message).toBe('Invalid email');
    expect(validateAdviseeUpdate({ ...advisee, linkedInUrl: 'x.com' }, today)?.message).toBe(
      'Please enter a valid LinkedIn link',
    );
    expect(validateAdviseeUpdate({ ...advisee, dob: '2027-01-01' }, today)?.message).toBe(
      'Birthday cannot be in the future',
    );
    expect(validateAdviseeUpdate(advisee, today)).toBeNull();
  });

  it('requires the mentor’s fields too, and keeps the biography to 400 characters', () => {
    for (const field of ['emailAddress', 'biography', 'favouriteQuote', 'country']) {
      expect(validateAdvisorUpdate({ ...advisor, [field]: '' }, today)?.message).toBe(
        'Please fill all fields',
      );
    }
    expect(validateAdvisorUpdate({ ...advisor, emailAddress: 'm@' }, today)?.message).toBe('Invalid email');
    expect(validateAdvisorUpdate({ ...advisor, biography: 'x'.repeat(401) }, today)?.message).toBe(
      'Biography must be at most 400 characters',
    );
    expect(validateAdvisorUpdate(advisor, today)).toBeNull();
  });

  it('ignores name and phone in the requests', () => {
    const parsed = updateAdviseeDetailsRequest.parse({
      ...advisee,
      adviseeId: 5,
      name: 'X Y',
      phoneNumber: '0700000000',
    });
    expect(parsed).not.toHaveProperty('name');
    expect(parsed).not.toHaveProperty('phoneNumber');
    expect(parsed.linkedInUrl).toBe('https://linkedin.com/in/a');
    const mentor = updateAdvisorDetailsRequest.parse({ ...advisor, advisorId: 6, videoURL: '' });
    expect(mentor).toMatchObject({ email: 'm@example.com', videoURL: null, profilePicUrl: null });
  });

  it('need the current password to change the e-mail, kept as typed, and none to keep it', () => {
    const problem = {
      field: 'currentPassword',
      message: 'Please enter your current password to change your email',
    };
    expect(validateEmailChange('a@example.com', 'new@example.com', '')).toEqual(problem);
    expect(validateEmailChange('a@example.com', 'new@example.com', undefined)).toEqual(problem);
    expect(validateEmailChange('a@example.com', 'new@example.com', '   ')).toEqual(problem);
    expect(validateEmailChange('a@example.com', 'new@example.com', 'Prosper#2026')).toBeNull();
    expect(validateEmailChange('a@example.com', ' A@Example.com ', undefined)).toBeNull();
    const parsed = updateAdviseeDetailsRequest.parse({
      ...advisee,
      adviseeId: 5,
      currentPassword: ' pass word ',
    });
    expect(parsed.currentPassword).toBe(' pass word ');
    expect(updateAdviseeDetailsRequest.parse({ ...advisee, adviseeId: 5 }).currentPassword).toBe('');
    const mentor = updateAdvisorDetailsRequest.parse({
      ...advisor,
      advisorId: 6,
      currentPassword: 'Secret#1',
    });
    expect(mentor.currentPassword).toBe('Secret#1');
  });
});

describe('contact form', () => {
  it('requires a name, a valid e-mail and a message under 2000 characters', () => {
    const form = { name: 'A B', email: 'a@example.com', message: 'Hi' };
    expect(firstMessage(contactSupportRequest, { ...form, name: '' })).toBe('Please fill all fields');
    expect(firstMessage(contactSupportRequest, { ...form, email: 'a@' })).toBe('Invalid email');
    expect(firstMessage(contactSupportRequest, { ...form, message: 'x'.repeat(2001) })).toBe(
      'Please keep your message under 2000 characters',
    );
    expect(firstMessage(contactSupportRequest, form)).toBeNull();
  });
});
