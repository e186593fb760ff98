import { describe, expect, it } from 'vitest';
import { pricingRequest, programRequest, testimonialRequest } from './admin-catalogue.ts';
import { firstMessage } from './validation.ts';

describe('the admin catalogue forms', () => {
  it('trims a program, drops blank tips and keeps it unpublished unless asked', () => {
    expect(
      programRequest.parse({
        name: '  Beekeeping ',
        tagLine: ' Honey ',
        videoURL: ' /media/intro-1.webm ',
        tips: [' Two hives ', '', '  '],
      }),
    ).toEqual({
      name: 'Beekeeping',
      tagLine: 'Honey',
      videoURL: '/media/intro-1.webm',
      tips: ['Two hives'],
      isLive: false,
    });
  });

  it('takes only videos and images served by the app itself', () => {
    const base = { name: 'A', tagLine: 'B' };
    for (const videoURL of [
      'https://example.com/v.mp4',
      '//evil.test/v.mp4',
      'media/v.webm',
      '/media/a b.webm',
    ]) {
      expect(firstMessage(programRequest, { ...base, videoURL })).toBe(
        'Please give the path of a video served by MyProsper, e.g. /media/intro-1.webm',
      );
    }
    expect(
      firstMessage(programRequest, { ...base, videoURL: '/uploads/videos/x.mp4', imgUrl: 'javascript:x' }),
    ).toBe('Please give the path of an image served by MyProsper, or upload one');
    expect(
      firstMessage(testimonialRequest, { testimonial: '/media/intro-2.webm', name: ' ', position: 'x' }),
    ).toBe('Please enter the name');
  });

  it('needs whole prices and a VAT between 0 and 100', () => {
    expect(pricingRequest.parse({ baseSessionPrice: '3000', vatTax: 16 })).toEqual({
      baseSessionPrice: 3000,
      vatTax: 16,
    });
    expect(firstMessage(pricingRequest, { baseSessionPrice: 10.5, vatTax: 16 })).toBe(
      'Please enter a whole number of shillings, 0 or more',
    );
    expect(firstMessage(pricingRequest, { baseSessionPrice: 100, vatTax: 101 })).toBe(
      'Please enter VAT as a whole percentage between 0 and 100',
    );
  });
});
