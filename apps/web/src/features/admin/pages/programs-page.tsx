import { Button, Group, Image, Menu, Modal, Stack, Table, Text } from '@mantine/core';
import type { AdminProgram } from '@myprosper/contract/admin-catalogue';
import { useState } from 'react';
import { errorMessage, notify } from '../../../lib/notify.ts';
import { useProgramMutations, usePrograms } from '../api/programs.ts';
import { AdminPage, EmptyState, QueryView } from '../components/admin-page.tsx';
import { moved, OrderButtons } from '../components/order-buttons.tsx';
import { ProgramEditor } from '../components/program-editor.tsx';
import { StatusBadge } from '../components/status-badge.tsx';

type Editing = { program: AdminProgram | null } | null;

function ProgramRows({
  programs,
  onEdit,
}: {
  programs: AdminProgram[];
  onEdit: (program: AdminProgram) => void;
}) {
  const { setLive, order, remove } = useProgramMutations();
  const [deleting, setDeleting] = useState<AdminProgram | null>(null);

  async function run<T extends { message: string }>(work: () => Promise<T>): Promise<void> {
    try {
      notify.success((await work()).message);
    } catch (failure) {
      notify.error(errorMessage(failure));
    }
  }

  if (programs.length === 0) return <EmptyState>No programs yet</EmptyState>;
  return (
    <>
      <Table.ScrollContainer minWidth={720}>
        <Table verticalSpacing="xs" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Order</Table.Th>
              <Table.Th>Program</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th ta="right">Tips</Table.Th>
              <Table.Th ta="right">Mentors</Table.Th>
              <Table.Th ta="right">Sessions</Table.Th>
              <Table.Th>
                <Text span fz="sm" fw={700}>
                  Actions
                </Text>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {programs.map((program, index) => (
              <Table.Tr key={program.id}>
                <Table.Td>
                  <OrderButtons
                    name={program.name}
                    index={index}
                    count={programs.length}
                    disabled={order.isPending}
                    onMove={(from, to) => void run(() => order.mutateAsync(moved(programs, from, to)))}
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
                            void run(() => setLive.mutateAsync({ id: program.id, isLive: !program.isLive }))
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
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title="Delete program" centered>
        <Stack>
          <Text>
            Delete {deleting?.name}? A program with booked sessions cannot be deleted; unpublish it instead.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              Keep it
            </Button>
            <Button
              color="red.8"
              loading={remove.isPending}
              onClick={() => {
                const target = deleting;
                setDeleting(null);
                if (target) void run(() => remove.mutateAsync(target.id));
              }}
            >
              Delete program
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** /admin/programs: create, edit, order, publish, unpublish and delete programs. */
export function ProgramsPage() {
  const programs = usePrograms();
  const [editing, setEditing] = useState<Editing>(null);
  return (
    <AdminPage
      title="Programs"
      description="Published programs are shown on the Programs page in this order."
      actions={<Button onClick={() => setEditing({ program: null })}>New program</Button>}
    >
      <QueryView query={programs}>
        {(data) => <ProgramRows programs={data} onEdit={(program) => setEditing({ program })} />}
      </QueryView>
      <ProgramEditor
        key={editing ? (editing.program?.id ?? 'new') : 'closed'}
        program={editing?.program ?? null}
        opened={editing !== null}
        onClose={() => setEditing(null)}
      />
    </AdminPage>
  );
}
