import { z } from 'zod';
import { localPathPattern } from './admin.ts';
import { envelope, priceType, userType } from './common.ts';

/** The admin console's catalogue screens: programs, prices, FAQs and testimonials. */

export const adminCatalogueMessages = {
  programNotFound: 'This program was not found',
  programCreated: 'Program created',
  programSaved: 'Program saved',
  programPublished: 'Program published',
  programUnpublished: 'Program unpublished',
  programDeleted: 'Program deleted',
  programImageSaved: 'Program image saved',
  programHasSessions: 'This program has booked sessions, so it cannot be deleted. Unpublish it instead.',
  programHasVouchers:
    'Gift vouchers were bought for this program, so it cannot be deleted. Unpublish it instead.',
  duplicateProgram: 'A program with this name already exists',
  enterName: 'Please enter the program name',
  enterTagLine: 'Please enter the tag line',
  enterVideo: 'Please give the path of a video served by MyProsper, e.g. /media/intro-1.webm',
  enterImage: 'Please give the path of an image served by MyProsper, or upload one',
  tooLong: (what: string, max: number) => `Please keep the ${what} under ${max} characters`,
  orderSaved: 'Order saved',
  orderMismatch: 'The order must list every item exactly once',
  pricingSaved: 'Price saved; it applies to new bookings only',
  enterPrice: 'Please enter a whole number of shillings, 0 or more',
  enterVat: 'Please enter VAT as a whole percentage between 0 and 100',
  faqNotFound: 'This FAQ was not found',
  faqSaved: 'FAQ saved',
  faqCreated: 'FAQ created',
  enterQuestion: 'Please enter the question',
  enterAnswer: 'Please enter the answer',
  testimonialNotFound: 'This testimonial was not found',
  testimonialSaved: 'Testimonial saved',
  testimonialCreated: 'Testimonial created',
  enterPersonName: 'Please enter the name',
  enterPosition: 'Please enter their position',
} as const;

/** Where a program without an image of its own points. */
export const defaultProgramImage = '/images/topics/career-growth.svg';
export const programTipsMax = 20;

const m = adminCatalogueMessages;

function requiredText(max: number, empty: string, what: string) {
  return z
    .string({ error: empty })
    .max(max * 2)
    .transform((text) => text.trim())
    .pipe(z.string().min(1, empty).max(max, m.tooLong(what, max)));
}

function localPath(message: string) {
  return z
    .string({ error: message })
    .max(400)
    .transform((text) => text.trim())
    .pipe(z.string().regex(localPathPattern, message));
}

/** An order of a list: every id once, first shown first. */
export const orderRequest = z.object({ ids: z.array(z.number().int().positive()).min(1).max(500) });
export type OrderRequest = z.input<typeof orderRequest>;

// ---- Programs ----

export const adminProgram = z.object({
  id: z.number().int(),
  name: z.string(),
  tagLine: z.string(),
  imgUrl: z.string(),
  videoURL: z.string(),
  isLive: z.boolean(),
  position: z.number().int(),
  tips: z.array(z.string()),
  /** Sessions ever booked on it (any status): a program with sessions cannot be deleted. */
  sessionCount: z.number().int(),
  /** Mentors who give it. */
  mentorCount: z.number().int(),
  createdAt: z.string(),
});
export type AdminProgram = z.infer<typeof adminProgram>;
export const adminProgramsResponse = envelope(z.array(adminProgram));
export const adminProgramResponse = envelope(adminProgram);

/** POST /myprosper/api/admin/programs and PUT /myprosper/api/admin/programs/{id} */
export const programRequest = z.object({
  name: requiredText(80, m.enterName, 'name'),
  tagLine: requiredText(200, m.enterTagLine, 'tag line'),
  videoURL: localPath(m.enterVideo),
  imgUrl: localPath(m.enterImage).optional(),
  /** In order; blank lines are dropped. */
  tips: z
    .array(z.string().max(400))
    .max(programTipsMax * 2)
    .default([])
    .transform((tips) => tips.map((tip) => tip.trim()).filter((tip) => tip !== ''))
    .pipe(
      z
        .array(z.string().max(200, m.tooLong('tip', 200)))
        .max(programTipsMax, `Please give at most ${programTipsMax} tips`),
    ),
  isLive: z.boolean().default(false),
});
export type ProgramRequest = z.input<typeof programRequest>;

/** PUT /myprosper/api/admin/programs/{id}/live */
export const programLiveRequest = z.object({ isLive: z.boolean() });
export type ProgramLiveRequest = z.input<typeof programLiveRequest>;

// ---- Pricing ----

export const adminPricing = z.object({
  priceType,
  baseSessionPrice: z.number().int(),
  vatTax: z.number().int(),
  /** What a new booking costs: ceil(base * (100 + VAT) / 100). */
  amount: z.number().int(),
  updatedAt: z.string().nullable(),
});
export type AdminPricing = z.infer<typeof adminPricing>;
export const adminPricingResponse = envelope(z.array(adminPricing));

/** PUT /myprosper/api/admin/pricing/{priceType} */
export const pricingRequest = z.object({
  baseSessionPrice: z.coerce
    .number({ error: m.enterPrice })
    .int(m.enterPrice)
    .min(0, m.enterPrice)
    .max(10_000_000, m.enterPrice),
  vatTax: z.coerce.number({ error: m.enterVat }).int(m.enterVat).min(0, m.enterVat).max(100, m.enterVat),
});
export type PricingRequest = z.input<typeof pricingRequest>;
export const pricingSavedResponse = envelope(adminPricing);

// ---- FAQs ----

export const adminFaq = z.object({
  id: z.number().int(),
  userType,
  question: z.string(),
  answer: z.string(),
  isActive: z.boolean(),
  position: z.number().int(),
});
export type AdminFaq = z.infer<typeof adminFaq>;
export const adminFaqsResponse = envelope(z.array(adminFaq));
export const adminFaqResponse = envelope(adminFaq);

export const faqRequest = z.object({
  userType,
  question: requiredText(300, m.enterQuestion, 'question'),
  answer: requiredText(3000, m.enterAnswer, 'answer'),
  isActive: z.boolean().default(true),
});
export type FaqRequest = z.input<typeof faqRequest>;

export const faqOrderRequest = orderRequest.extend({ userType });
export type FaqOrderRequest = z.input<typeof faqOrderRequest>;

// ---- Testimonials ----

export const adminTestimonial = z.object({
  id: z.number().int(),
  /** The video: a path served by the app. */
  testimonial: z.string(),
  name: z.string(),
  position: z.string(),
  isActive: z.boolean(),
  sortOrder: z.number().int(),
});
export type AdminTestimonial = z.infer<typeof adminTestimonial>;
export const adminTestimonialsResponse = envelope(z.array(adminTestimonial));
export const adminTestimonialResponse = envelope(adminTestimonial);

export const testimonialRequest = z.object({
  testimonial: localPath(m.enterVideo),
  name: requiredText(120, m.enterPersonName, 'name'),
  position: requiredText(120, m.enterPosition, 'position'),
  isActive: z.boolean().default(true),
});
export type TestimonialRequest = z.input<typeof testimonialRequest>;
