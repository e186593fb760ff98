import { describe, expect, it } from 'vitest';
import { smsShareUrl, whatsAppShareUrl } from './share-links.ts';

describe('the invite share links', () => {
  const text = 'Join me on MyProsper: https://myprosper.test/profile_picker?ref=MTI&x=1';

  it('open WhatsApp with the whole message', () => {
    expect(whatsAppShareUrl(text)).toBe(`https://wa.me/?text=${encodeURIComponent(text)}`);
    expect(new URL(whatsAppShareUrl(text)).searchParams.get('text')).toBe(text);
  });

  it('open the SMS app with the message as its body', () => {
    expect(smsShareUrl(text)).toBe(`sms:?&body=${encodeURIComponent(text)}`);
  });
});
