import { describe, expect, it } from 'vitest';
import { emptyApplication, fromDraft, toDraft } from './application-form.ts';

describe('the application draft', () => {
  it('keeps what was typed across a reload, but never the passwords', () => {
    const typed = {
      ...emptyApplication,
      name: 'Wanjiku Mentor',
      email: 'wanjiku@example.com',
      password: 'Secret#2026x',
      confirmPassword: 'Secret#2026x',
      phone: { country: 'KE' as const, number: '0712 345678' },
      topics: ['3', '5'],
      termsAccepted: true,
    };
    const text = toDraft(typed);
    expect(text).not.toContain('Secret#2026x');
    expect(fromDraft(text)).toEqual({ ...typed, password: '', confirmPassword: '' });
  });

  it('starts empty from nothing, from something unreadable, and ignores fields of the wrong kind', () => {
    expect(fromDraft(null)).toEqual(emptyApplication);
    expect(fromDraft('{not json')).toEqual(emptyApplication);
    expect(fromDraft('"a string"')).toEqual(emptyApplication);
    const odd = fromDraft(JSON.stringify({ name: 7, topics: [1, 2], email: 'a@b.co', password: 'x' }));
    expect(odd).toEqual({ ...emptyApplication, email: 'a@b.co' });
  });
});
