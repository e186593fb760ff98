import { Button, Group, Image, Menu, Table, Text } from '@mantine/core';
import type { AdminProgram } from '@myprosper/contract/admin-catalogue';
import { useState } from 'react';
import { useProgramMutations, usePrograms } from '../api/programs.ts';
import { AdminPage, EmptyState, QueryView } from '../components/admin-page.tsx';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import { ActionsHeader, DataTable } from '../components/data-table.tsx';
import { useEditorState } from '../components/form-dialog.tsx';
import { moved, OrderButtons } from '../components/order-buttons.tsx';
import { ProgramEditor } from '../components/program-editor.tsx';
import { StatusBadge } from '../components/status-badge.tsx';
import { notifyOutcome } from '../lib/notify-outcome.ts';

function ProgramRows({
  programs,
  onEdit,
}: {
  programs: AdminProgram[];
  onEdit: (program: AdminProgram) => void;
}) {
  const { setLive, order, remove } = useProgramMutations();
  const [deleting, setDeleting] = useState<AdminProgram | null>(null);

  if (programs.length === 0) return <EmptyState>No programs yet</EmptyState>;
  return (
    <>
      <DataTable
        minWidth={720}
        highlightOnHover
        head={
          <>
            <Table.Th>Order</Table.Th>
            <Table.Th>Program</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th ta="right">Tips</Table.Th>
            <Table.Th ta="right">Mentors</Table.Th>
            <Table.Th ta="right">Sessions</Table.Th>
            <ActionsHeader>Actions</ActionsHeader>
          </>
        }
      >
        {programs.map((program, index) => (
          <Table.Tr key={program.id}>
            <Table.Td>
              <OrderButtons
                name={program.name}
                index={index}
                count={programs.length}
                disabled={order.isPending}
                onMove={(from, to) => void notifyOutcome(() => order.mutateAsync(moved(programs, from, to)))}
              />
            </Table.Td>
            <Table.Td>
              <Group gap="sm" wrap="nowrap">
                <Image src={program.imgUrl} alt="" w={56} h={38} radius="sm" fit="cover" />
                <div>
                  <Text fw={600}>{program.name}</Text>
                  <Text fz="xs" c="dimmed" lineClamp={1}>
                    {program.tagLine}
                  </Text>
                </div>
              </Group>
            </Table.Td>
            <Table.Td>
              <StatusBadge
                status={program.isLive ? 'LIVE' : 'DRAFT'}
                label={program.isLive ? 'Published' : 'Unpublished'}
              />
            </Table.Td>
            <Table.Td ta="right">{program.tips.length}</Table.Td>
            <Table.Td ta="right">{program.mentorCount}</Table.Td>
            <Table.Td ta="right">{program.sessionCount}</Table.Td>
            <Table.Td>
              <Group gap="xs" wrap="nowrap">
                <Button size="xs" variant="default" onClick={() => onEdit(program)}>
                  Edit
                </Button>
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <Button size="xs" variant="subtle" aria-label={`More actions for ${program.name}`}>
                      More
                    </Button>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item
                      onClick={() =>
                        void notifyOutcome(() =>
                          setLive.mutateAsync({ id: program.id, isLive: !program.isLive }),
                        )
                      }
                    >
                      {program.isLive ? 'Unpublish' : 'Publish'}
                    </Menu.Item>
                    <Menu.Item color="red" onClick={() => setDeleting(program)}>
                      Delete
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
      <ConfirmDialog
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Delete program"
        keepLabel="Keep it"
        confirmLabel="Delete program"
        isConfirming={remove.isPending}
        onConfirm={() => {
          const target = deleting;
          setDeleting(null);
          if (target) void notifyOutcome(() => remove.mutateAsync(target.id));
        }}
      >
        <Text>
          Delete {deleting?.name}? A program with booked sessions cannot be deleted; unpublish it instead.
        </Text>
      </ConfirmDialog>
    </>
  );
}

/** /admin/programs: create, edit, order, publish, unpublish and delete programs. */
export function ProgramsPage() {
  const programs = usePrograms();
  const editor = useEditorState<AdminProgram>();
  return (
    <AdminPage
      title="Programs"
      description="Published programs are shown on the Programs page in this order."
      actions={<Button onClick={() => editor.open(null)}>New program</Button>}
    >
      <QueryView query={programs}>{(data) => <ProgramRows programs={data} onEdit={editor.open} />}</QueryView>
      <ProgramEditor key={editor.key} program={editor.item} opened={editor.opened} onClose={editor.close} />
    </AdminPage>
  );
}
