import { Button, Checkbox, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { type AdminTestimonial, testimonialRequest } from '@myprosper/contract/admin-catalogue';
import { firstMessage } from '@myprosper/contract/validation';
import { type FormEvent, useState } from 'react';
import { FormError } from '../../../components/form-error.tsx';
import { errorMessage, notify } from '../../../lib/notify.ts';
import { useTestimonialMutations, useTestimonials } from '../api/content.ts';
import { AdminPage, EmptyState, QueryView } from '../components/admin-page.tsx';
import { moved, OrderButtons } from '../components/order-buttons.tsx';
import { StatusBadge } from '../components/status-badge.tsx';

function TestimonialEditor({
  testimonial,
  opened,
  onClose,
}: {
  testimonial: AdminTestimonial | null;
  opened: boolean;
  onClose: () => void;
}) {
  const { save } = useTestimonialMutations();
  const [video, setVideo] = useState(testimonial?.testimonial ?? '');
  const [name, setName] = useState(testimonial?.name ?? '');
  const [position, setPosition] = useState(testimonial?.position ?? '');
  const [isActive, setIsActive] = useState(testimonial?.isActive ?? true);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const body = { testimonial: video, name, position, isActive };
    const problem = firstMessage(testimonialRequest, body);
    setError(problem);
    if (problem) return;
    try {
      notify.success((await save.mutateAsync({ id: testimonial?.id ?? null, body })).message);
      onClose();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={testimonial ? 'Edit testimonial' : 'New testimonial'}
      centered
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Video"
            description="The path of a video served by MyProsper, e.g. /media/intro-2.webm"
            required
            value={video}
            onChange={(e) => setVideo(e.currentTarget.value)}
          />
          <TextInput
            label="Name"
            required
            maxLength={120}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <TextInput
            label="Position"
            description="e.g. Student, University of Nairobi"
            required
            maxLength={120}
            value={position}
            onChange={(e) => setPosition(e.currentTarget.value)}
          />
          <Checkbox label="Shown" checked={isActive} onChange={(e) => setIsActive(e.currentTarget.checked)} />
          <FormError message={error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save testimonial
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** /admin/testimonials: the videos of the Testimonials page, in order; hidden ones are kept. */
export function TestimonialsPage() {
  const testimonials = useTestimonials();
  const { order } = useTestimonialMutations();
  const [editing, setEditing] = useState<{ testimonial: AdminTestimonial | null } | null>(null);

  async function move(items: AdminTestimonial[], from: number, to: number): Promise<void> {
    try {
      notify.success((await order.mutateAsync(moved(items, from, to))).message);
    } catch (failure) {
      notify.error(errorMessage(failure));
    }
  }

  return (
    <AdminPage
      title="Testimonials"
      description="Shown on the Testimonials page in this order."
      actions={<Button onClick={() => setEditing({ testimonial: null })}>New testimonial</Button>}
    >
      <QueryView query={testimonials}>
        {(items) =>
          items.length === 0 ? (
            <EmptyState>No testimonials yet</EmptyState>
          ) : (
            <Table.ScrollContainer minWidth={640}>
              <Table verticalSpacing="xs" highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={90}>Order</Table.Th>
                    <Table.Th>Person</Table.Th>
                    <Table.Th>Video</Table.Th>
                    <Table.Th w={110}>Status</Table.Th>
                    <Table.Th w={80}>
                      <Text span fz="sm" fw={700}>
                        Edit
                      </Text>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {items.map((item, index) => (
                    <Table.Tr key={item.id}>
                      <Table.Td>
                        <OrderButtons
                          name={item.name}
                          index={index}
                          count={items.length}
                          disabled={order.isPending}
                          onMove={(from, to) => void move(items, from, to)}
                        />
                      </Table.Td>
                      <Table.Td>
                        <Text fw={600}>{item.name}</Text>
                        <Text fz="sm" c="dimmed">
                          {item.position}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text fz="sm" ff="monospace">
                          {item.testimonial}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <StatusBadge
                          status={item.isActive ? 'ACTIVE' : 'HIDDEN'}
                          label={item.isActive ? 'Shown' : 'Hidden'}
                        />
                      </Table.Td>
                      <Table.Td>
                        <Button
                          size="xs"
                          variant="default"
                          onClick={() => setEditing({ testimonial: item })}
                          aria-label={`Edit ${item.name}`}
                        >
                          Edit
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )
        }
      </QueryView>
      <TestimonialEditor
        key={editing ? (editing.testimonial?.id ?? 'new') : 'closed'}
        testimonial={editing?.testimonial ?? null}
        opened={editing !== null}
        onClose={() => setEditing(null)}
      />
    </AdminPage>
  );
}
