import { z } from 'zod';
import { envelope, messageOnly } from './common.ts';
import { messages } from './messages.ts';
import { isBlank, type Message } from './validation.ts';

/** The self assessment (/selfAssessment): four required answers, kept with their time (history kept). */

export const assessmentAnswerMaxLength = 2000;

export const selfAssessmentFields = [
  'strugglingWith',
  'strugglingWithThisArea',
  'howHaveYouAddresses',
  'additionalInformation',
] as const;
export type SelfAssessmentField = (typeof selfAssessmentFields)[number];

/** The four questions as the advisee reads them (and their mentors, beside the answers). */
export const selfAssessmentQuestions: Record<SelfAssessmentField, string> = {
  strugglingWith: 'What are you struggling with?',
  strugglingWithThisArea: 'Why do you feel you are struggling in this area?',
  howHaveYouAddresses: 'How have you addressed it?',
  additionalInformation: 'Additional information',
};

export type SelfAssessmentAnswers = Partial<Record<SelfAssessmentField, string | null>>;

/** All four required ('Please fill all fields'), each under 2000 characters. */
export function validateSelfAssessment(answers: SelfAssessmentAnswers): Message | null {
  if (selfAssessmentFields.some((field) => isBlank(answers[field]))) return messages.fillAllFields;
  const isTooLong = selfAssessmentFields.some(
    (field) => (answers[field] ?? '').trim().length > assessmentAnswerMaxLength,
  );
  return isTooLong ? messages.answerTooLong : null;
}

const answer = z
  .string()
  .max(assessmentAnswerMaxLength * 2, messages.answerTooLong)
  .optional();

/** POST /myprosper/api/selfAssessment (the spec's payload; howHaveYouAddresses is spelt as the spec has it). */
export const selfAssessmentRequest = z
  .object({
    adviseeId: z.number().int().positive().max(2_147_483_647),
    strugglingWith: answer,
    strugglingWithThisArea: answer,
    howHaveYouAddresses: answer,
    additionalInformation: answer,
  })
  .superRefine((form, ctx) => {
    const message = validateSelfAssessment(form);
    if (message) ctx.addIssue({ code: 'custom', message });
  })
  .transform((form) => ({
    adviseeId: form.adviseeId,
    strugglingWith: (form.strugglingWith ?? '').trim(),
    strugglingWithThisArea: (form.strugglingWithThisArea ?? '').trim(),
    howHaveYouAddresses: (form.howHaveYouAddresses ?? '').trim(),
    additionalInformation: (form.additionalInformation ?? '').trim(),
  }));
export type SelfAssessmentRequest = z.input<typeof selfAssessmentRequest>;
export type SelfAssessmentInput = z.output<typeof selfAssessmentRequest>;
export const selfAssessmentResponse = messageOnly;

export const selfAssessment = z.object({
  id: z.number().int(),
  adviseeId: z.number().int(),
  strugglingWith: z.string(),
  strugglingWithThisArea: z.string(),
  howHaveYouAddresses: z.string(),
  additionalInformation: z.string(),
  /** ISO instant (UTC) */
  submittedAt: z.string(),
});
export type SelfAssessment = z.infer<typeof selfAssessment>;

/** GET /myprosper/api/selfAssessments/latest/{adviseeId}: the newest, or data null with 'No self assessment yet'. */
export const latestSelfAssessmentResponse = envelope(selfAssessment.nullable());

export const assessmentMessages = {
  none: 'No self assessment yet',
} as const;
