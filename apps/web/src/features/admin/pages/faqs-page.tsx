import { Button, Stack, Table, Text } from '@mantine/core';
import type { AdminFaq } from '@myprosper/contract/admin-catalogue';
import { type UserType, userTypes } from '@myprosper/contract/common';
import { useState } from 'react';
import { useFaqMutations, useFaqs } from '../api/content.ts';
import { AdminPage, EmptyState, QueryView } from '../components/admin-page.tsx';
import { AdminTabs } from '../components/admin-tabs.tsx';
import { FaqEditor, userTypeLabels } from '../components/faq-editor.tsx';
import { useEditorState } from '../components/form-dialog.tsx';
import { moved } from '../components/order-buttons.tsx';
import { OrderedContentTable } from '../components/ordered-content-table.tsx';
import { notifyOutcome } from '../lib/notify-outcome.ts';

function FaqList({ faqs, onEdit }: { faqs: AdminFaq[]; onEdit: (faq: AdminFaq) => void }) {
  const { order } = useFaqMutations();
  if (faqs.length === 0) return <EmptyState>No FAQs yet</EmptyState>;
  return (
    <OrderedContentTable
      items={faqs}
      head={<Table.Th>Question and answer</Table.Th>}
      cells={(faq) => (
        <Table.Td>
          <Text fw={600}>{faq.question}</Text>
          <Text fz="sm" c="dimmed" lineClamp={2}>
            {faq.answer}
          </Text>
        </Table.Td>
      )}
      nameOf={(faq) => faq.question}
      isMoving={order.isPending}
      onMove={(from, to) =>
        void notifyOutcome(() =>
          order.mutateAsync({ userType: faqs[0]!.userType, ids: moved(faqs, from, to) }),
        )
      }
      onEdit={onEdit}
    />
  );
}

/** /admin/faqs: the Help page's questions for advisees and for mentors. */
export function FaqsPage() {
  const faqs = useFaqs();
  const [tab, setTab] = useState<UserType>('ADVISEE');
  const editor = useEditorState<AdminFaq>(`new-${tab}`);
  return (
    <AdminPage
      title="FAQs"
      description="Questions shown to advisees and to mentors, in this order. Hidden ones are kept but not shown."
      actions={<Button onClick={() => editor.open(null)}>New FAQ</Button>}
    >
      <AdminTabs
        value={tab}
        onChange={setTab}
        tabs={userTypes.map((type) => ({
          value: type,
          label: userTypeLabels[type],
          panel: (
            <QueryView query={faqs}>
              {(data) => (
                <Stack>
                  <FaqList faqs={data.filter((faq) => faq.userType === type)} onEdit={editor.open} />
                </Stack>
              )}
            </QueryView>
          ),
        }))}
      />
      <FaqEditor
        key={editor.key}
        faq={editor.item}
        userType={tab}
        opened={editor.opened}
        onClose={editor.close}
      />
    </AdminPage>
  );
}
