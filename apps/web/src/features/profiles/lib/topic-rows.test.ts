import { describe, expect, it } from 'vitest';
import { addTopicRow, duplicateRows, validateTopicRows } from './topic-rows.ts';

describe('the topics editor', () => {
  it('adds rows up to five, then says so', () => {
    expect(addTopicRow(['1', '2'])).toEqual({ rows: ['1', '2', ''], error: null });
    expect(addTopicRow(['1', '2', '3', '4', '5'])).toEqual({
      rows: ['1', '2', '3', '4', '5'],
      error: 'You can only select upto five topics',
    });
  });

  it('refuses a topic chosen twice', () => {
    expect(validateTopicRows(['1', '2', '1'])).toBe('Topics must be unique');
    expect([...duplicateRows(['1', '2', '1'])].sort()).toEqual([0, 2]);
  });

  it('asks for every row to be chosen, and for at least one topic', () => {
    expect(validateTopicRows(['1', ''])).toBe('Please fill all fields');
    expect(validateTopicRows([])).toBe('Please select at least a topic');
  });

  it('accepts one to five different topics', () => {
    expect(validateTopicRows(['4'])).toBeNull();
    expect(validateTopicRows(['1', '2', '3', '4', '5'])).toBeNull();
  });
});
