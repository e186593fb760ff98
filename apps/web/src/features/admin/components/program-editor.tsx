import { Button, Checkbox, FileInput, Group, Image, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { type AdminProgram, defaultProgramImage, programRequest } from '@myprosper/contract/admin-catalogue';
import { firstMessage } from '@myprosper/contract/validation';
import { type FormEvent, useState } from 'react';
import { FormError } from '../../../components/form-error.tsx';
import { errorMessage, notify } from '../../../lib/notify.ts';
import { useProgramMutations } from '../api/programs.ts';

/** Creates or edits a program: name, tag line, video path, image (uploaded), tips (one per line), published. */
export function ProgramEditor({
  program,
  opened,
  onClose,
}: {
  /** null: a new program. */
  program: AdminProgram | null;
  opened: boolean;
  onClose: () => void;
}) {
  const { save, uploadImage } = useProgramMutations();
  const [name, setName] = useState(program?.name ?? '');
  const [tagLine, setTagLine] = useState(program?.tagLine ?? '');
  const [videoURL, setVideoURL] = useState(program?.videoURL ?? '/media/intro-1.webm');
  const [tips, setTips] = useState(program?.tips.join('\n') ?? '');
  const [isLive, setIsLive] = useState(program?.isLive ?? false);
  const [image, setImage] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const isBusy = save.isPending || uploadImage.isPending;

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const body = { name, tagLine, videoURL, tips: tips.split('\n'), isLive };
    const problem = firstMessage(programRequest, body);
    setError(problem);
    if (problem) return;
    try {
      const saved = await save.mutateAsync({ id: program?.id ?? null, body });
      if (image) await uploadImage.mutateAsync({ id: saved.data.id, file: image });
      notify.success(`${saved.message}: ${saved.data.name}`);
      onClose();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={program ? `Edit ${program.name}` : 'New program'}
      size="lg"
      centered
      styles={{ title: { fontWeight: 700 } }}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Name"
            required
            maxLength={80}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            data-autofocus
          />
          <TextInput
            label="Tag line"
            required
            maxLength={200}
            value={tagLine}
            onChange={(e) => setTagLine(e.currentTarget.value)}
          />
          <TextInput
            label="Video"
            description="The path of a video served by MyProsper, e.g. /media/intro-1.webm"
            required
            value={videoURL}
            onChange={(e) => setVideoURL(e.currentTarget.value)}
          />
          <Group align="flex-end" wrap="nowrap">
            <Image
              src={program?.imgUrl ?? defaultProgramImage}
              alt=""
              w={96}
              h={64}
              radius="sm"
              fit="cover"
            />
            <FileInput
              label="Image"
              description="JPEG, PNG or WebP up to 5 MB; replaces the current one"
              placeholder="Choose an image"
              accept="image/jpeg,image/png,image/webp"
              clearable
              value={image}
              onChange={setImage}
              style={{ flex: 1 }}
            />
          </Group>
          <Textarea
            label="Tips"
            description="One tip per line, in order"
            autosize
            minRows={3}
            value={tips}
            onChange={(e) => setTips(e.currentTarget.value)}
          />
          <Checkbox
            label="Published (shown on the Programs page)"
            checked={isLive}
            onChange={(e) => setIsLive(e.currentTarget.checked)}
          />
          <FormError message={error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={isBusy}>
              Cancel
            </Button>
            <Button type="submit" loading={isBusy}>
              {program ? 'Save program' : 'Create program'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
