import { describe, expect, it } from 'vitest';
import { selfAssessmentRequest, validateSelfAssessment } from './assessment.ts';
import { firstMessage } from './validation.ts';

const answers = {
  strugglingWith: 'Public speaking',
  strugglingWithThisArea: 'Nerves',
  howHaveYouAddresses: 'Practice',
  additionalInformation: 'None',
};

describe('self assessment', () => {
  it.each(Object.keys(answers))('requires %s', (field) => {
    expect(validateSelfAssessment({ ...answers, [field]: ' ' })).toBe('Please fill all fields');
    expect(validateSelfAssessment({ ...answers, [field]: undefined })).toBe('Please fill all fields');
  });

  it('keeps each answer under 2000 characters', () => {
    expect(validateSelfAssessment({ ...answers, additionalInformation: 'x'.repeat(2001) })).toBe(
      'Please keep each answer under 2000 characters',
    );
    expect(validateSelfAssessment({ ...answers, additionalInformation: 'x'.repeat(2000) })).toBeNull();
  });

  it('parses the spec’s payload, trimmed', () => {
    expect(
      selfAssessmentRequest.parse({ adviseeId: 3, ...answers, strugglingWith: ' Public speaking ' }),
    ).toEqual({
      adviseeId: 3,
      ...answers,
    });
    expect(firstMessage(selfAssessmentRequest, { adviseeId: 3 })).toBe('Please fill all fields');
  });
});
