import { maxAdvisorTopics, validateAdvisorTopics } from '@myprosper/contract/advisor-settings';
import { messages } from '@myprosper/contract/messages';

/** The topics editor's rows: a topic id as text, or '' while the row has no topic chosen. */
export type TopicRows = string[];

/** Adding a row past five gives the spec's 'You can only select upto five topics'. */
export function addTopicRow(rows: TopicRows): { rows: TopicRows; error: string | null } {
  if (rows.length >= maxAdvisorTopics) return { rows, error: messages.maxTopics };
  return { rows: [...rows, ''], error: null };
}

/** What the editor saves: every row chosen, no topic twice, one to five of them. */
export function validateTopicRows(rows: TopicRows): string | null {
  if (rows.length > 0 && rows.some((row) => row === '')) return messages.fillAllFields;
  return validateAdvisorTopics(rows.map(Number));
}

/** Rows whose topic another row has too, to mark them. */
export function duplicateRows(rows: TopicRows): Set<number> {
  const duplicates = new Set<number>();
  rows.forEach((row, index) => {
    if (row !== '' && rows.indexOf(row) !== index) {
      duplicates.add(index);
      duplicates.add(rows.indexOf(row));
    }
  });
  return duplicates;
}
