import { Button, Checkbox, Table, Text, TextInput } from '@mantine/core';
import { type AdminTestimonial, testimonialRequest } from '@myprosper/contract/admin-catalogue';
import { firstMessage } from '@myprosper/contract/validation';
import { useState } from 'react';
import { notify } from '../../../lib/notify.ts';
import { useTestimonialMutations, useTestimonials } from '../api/content.ts';
import { AdminPage, EmptyState, QueryView } from '../components/admin-page.tsx';
import { FormDialog, useEditorState, useFormSubmit } from '../components/form-dialog.tsx';
import { moved } from '../components/order-buttons.tsx';
import { OrderedContentTable } from '../components/ordered-content-table.tsx';
import { notifyOutcome } from '../lib/notify-outcome.ts';

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
  const { error, submit } = useFormSubmit();
  const [video, setVideo] = useState(testimonial?.testimonial ?? '');
  const [name, setName] = useState(testimonial?.name ?? '');
  const [position, setPosition] = useState(testimonial?.position ?? '');
  const [isActive, setIsActive] = useState(testimonial?.isActive ?? true);
  const body = { testimonial: video, name, position, isActive };

  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={testimonial ? 'Edit testimonial' : 'New testimonial'}
      error={error}
      submitLabel="Save testimonial"
      isSubmitting={save.isPending}
      onSubmit={() =>
        submit(firstMessage(testimonialRequest, body), async () => {
          notify.success((await save.mutateAsync({ id: testimonial?.id ?? null, body })).message);
          onClose();
        })
      }
    >
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
    </FormDialog>
  );
}

/** /admin/testimonials: the videos of the Testimonials page, in order; hidden ones are kept. */
export function TestimonialsPage() {
  const testimonials = useTestimonials();
  const { order } = useTestimonialMutations();
  const editor = useEditorState<AdminTestimonial>();

  return (
    <AdminPage
      title="Testimonials"
      description="Shown on the Testimonials page in this order."
      actions={<Button onClick={() => editor.open(null)}>New testimonial</Button>}
    >
      <QueryView query={testimonials}>
        {(items) =>
          items.length === 0 ? (
            <EmptyState>No testimonials yet</EmptyState>
          ) : (
            <OrderedContentTable
              items={items}
              minWidth={640}
              head={
                <>
                  <Table.Th>Person</Table.Th>
                  <Table.Th>Video</Table.Th>
                </>
              }
              cells={(item) => (
                <>
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
                </>
              )}
              nameOf={(item) => item.name}
              isMoving={order.isPending}
              onMove={(from, to) => void notifyOutcome(() => order.mutateAsync(moved(items, from, to)))}
              onEdit={editor.open}
            />
          )
        }
      </QueryView>
      <TestimonialEditor
        key={editor.key}
        testimonial={editor.item}
        opened={editor.opened}
        onClose={editor.close}
      />
    </AdminPage>
  );
}
