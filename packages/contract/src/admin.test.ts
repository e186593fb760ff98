import { describe, expect, it } from 'vitest';
import { rejectApplicationRequest } from './admin.ts';
import { firstMessage } from './validation.ts';

describe('rejecting an application', () => {
  it('needs a reason of at most 1000 characters', () => {
    expect(firstMessage(rejectApplicationRequest, {})).toBe('Please give a reason');
    expect(firstMessage(rejectApplicationRequest, { reason: '  ' })).toBe('Please give a reason');
    expect(firstMessage(rejectApplicationRequest, { reason: 'r'.repeat(1001) })).toBe(
      'Please keep the reason under 1000 characters',
    );
    expect(rejectApplicationRequest.parse({ reason: ' Too little experience ' })).toEqual({
      reason: 'Too little experience',
    });
  });
});
