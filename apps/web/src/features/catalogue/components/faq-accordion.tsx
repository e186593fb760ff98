import { Accordion } from '@mantine/core';
import type { Faq } from '@myprosper/contract/catalogue';

/** Frequently asked questions, one open at a time. */
export function FaqAccordion({ faqs }: { faqs: Faq[] }) {
  return (
    <Accordion variant="separated" radius="md" chevronPosition="right">
      {faqs.map((faq) => (
        <Accordion.Item key={faq.id} value={String(faq.id)}>
          <Accordion.Control>{faq.question}</Accordion.Control>
          <Accordion.Panel style={{ whiteSpace: 'pre-line' }}>{faq.answer}</Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
