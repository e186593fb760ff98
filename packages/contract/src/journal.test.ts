import { describe, expect, it } from 'vitest';
import { addActionItemRequest, daysBetween, journalMessages, saveNotesRequest } from './journal.ts';

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues[0]?.message;

describe('action item requests', () => {
  it('makes a title one line and refuses an empty or too long one', () => {
    expect(addActionItemRequest.parse({ title: '  Call\n\ttwo   recruiters ' }).title).toBe(
      'Call two recruiters',
    );
    expect(firstMessage(addActionItemRequest.safeParse({ title: ' \n ' }))).toBe(
      journalMessages.titleRequired,
    );
    expect(firstMessage(addActionItemRequest.safeParse({ title: 'x'.repeat(201) }))).toBe(
      journalMessages.titleTooLong,
    );
    expect(addActionItemRequest.parse({ title: 'x'.repeat(200) }).title).toHaveLength(200);
  });

  it('takes a real date or none', () => {
    expect(addActionItemRequest.parse({ title: 'a', dueOn: '2027-02-28' }).dueOn).toBe('2027-02-28');
    expect(addActionItemRequest.parse({ title: 'a', dueOn: '' }).dueOn).toBeNull();
    expect(addActionItemRequest.parse({ title: 'a' }).dueOn).toBeNull();
    for (const dueOn of ['2027-02-29', '2027-13-01', '28/02/2027', '2027-02-28T00:00']) {
      expect(firstMessage(addActionItemRequest.safeParse({ title: 'a', dueOn }))).toBe(
        journalMessages.dueDateInvalid,
      );
    }
  });
});

describe('notes', () => {
  it('trims notes and refuses more than 5,000 characters', () => {
    expect(saveNotesRequest.parse({ body: '  kept  ' }).body).toBe('kept');
    expect(firstMessage(saveNotesRequest.safeParse({ body: 'x'.repeat(5001) }))).toBe(
      journalMessages.noteTooLong,
    );
  });
});

it('counts days between calendar dates across months and years', () => {
  expect(daysBetween('2026-12-30', '2027-01-02')).toBe(3);
  expect(daysBetween('2027-03-01', '2027-02-28')).toBe(-1);
});
