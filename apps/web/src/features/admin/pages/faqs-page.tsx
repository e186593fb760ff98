import { Button, Stack, Table, Tabs, Text } from '@mantine/core';
import type { AdminFaq } from '@myprosper/contract/admin-catalogue';
import { type UserType, userTypes } from '@myprosper/contract/common';
import { useState } from 'react';
import { errorMessage, notify } from '../../../lib/notify.ts';
import { useFaqMutations, useFaqs } from '../api/content.ts';
import { AdminPage, EmptyState, QueryView } from '../components/admin-page.tsx';
import { FaqEditor, userTypeLabels } from '../components/faq-editor.tsx';
import { moved, OrderButtons } from '../components/order-buttons.tsx';
import { StatusBadge } from '../components/status-badge.tsx';

function FaqList({ faqs, onEdit }: { faqs: AdminFaq[]; onEdit: (faq: AdminFaq) => void }) {
  const { order } = useFaqMutations();
  if (faqs.length === 0) return <EmptyState>No FAQs yet</EmptyState>;
  const move = async (from: number, to: number) => {
    try {
      notify.success(
        (await order.mutateAsync({ userType: faqs[0]!.userType, ids: moved(faqs, from, to) })).message,
      );
    } catch (failure) {
      notify.error(errorMessage(failure));
    }
  };
  return (
    <Table verticalSpacing="xs" highlightOnHover>
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={90}>Order</Table.Th>
          <Table.Th>Question and answer</Table.Th>
          <Table.Th w={110}>Status</Table.Th>
          <Table.Th w={80}>
            <Text span fz="sm" fw={700}>
              Edit
            </Text>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {faqs.map((faq, index) => (
          <Table.Tr key={faq.id}>
            <Table.Td>
              <OrderButtons
                name={faq.question}
                index={index}
                count={faqs.length}
                disabled={order.isPending}
                onMove={(from, to) => void move(from, to)}
              />
            </Table.Td>
            <Table.Td>
              <Text fw={600}>{faq.question}</Text>
              <Text fz="sm" c="dimmed" lineClamp={2}>
                {faq.answer}
              </Text>
            </Table.Td>
            <Table.Td>
              <StatusBadge
                status={faq.isActive ? 'ACTIVE' : 'HIDDEN'}
                label={faq.isActive ? 'Shown' : 'Hidden'}
              />
            </Table.Td>
            <Table.Td>
              <Button
                size="xs"
                variant="default"
                onClick={() => onEdit(faq)}
                aria-label={`Edit ${faq.question}`}
              >
                Edit
              </Button>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** /admin/faqs: the Help page's questions for advisees and for mentors. */
export function FaqsPage() {
  const faqs = useFaqs();
  const [tab, setTab] = useState<UserType>('ADVISEE');
  const [editing, setEditing] = useState<{ faq: AdminFaq | null } | null>(null);
  return (
    <AdminPage
      title="FAQs"
      description="Questions shown to advisees and to mentors, in this order. Hidden ones are kept but not shown."
      actions={<Button onClick={() => setEditing({ faq: null })}>New FAQ</Button>}
    >
      <Tabs value={tab} onChange={(value) => setTab((value as UserType) ?? 'ADVISEE')} keepMounted={false}>
        <Tabs.List mb="md">
          {userTypes.map((type) => (
            <Tabs.Tab key={type} value={type}>
              {userTypeLabels[type]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {userTypes.map((type) => (
          <Tabs.Panel key={type} value={type}>
            <QueryView query={faqs}>
              {(data) => (
                <Stack>
                  <FaqList
                    faqs={data.filter((faq) => faq.userType === type)}
                    onEdit={(faq) => setEditing({ faq })}
                  />
                </Stack>
              )}
            </QueryView>
          </Tabs.Panel>
        ))}
      </Tabs>
      <FaqEditor
        key={editing ? (editing.faq?.id ?? `new-${tab}`) : 'closed'}
        faq={editing?.faq ?? null}
        userType={tab}
        opened={editing !== null}
        onClose={() => setEditing(null)}
      />
    </AdminPage>
  );
}
