import { Checkbox, FileInput, Group, Image, Textarea, TextInput } from '@mantine/core';
import { type AdminProgram, defaultProgramImage, programRequest } from '@myprosper/contract/admin-catalogue';
import { firstMessage } from '@myprosper/contract/validation';
import { useState } from 'react';
import { notify } from '../../../lib/notify.ts';
import { useProgramMutations } from '../api/programs.ts';
import { FormDialog, useFormSubmit } from './form-dialog.tsx';

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
  const { error, submit } = useFormSubmit();
  const [name, setName] = useState(program?.name ?? '');
  const [tagLine, setTagLine] = useState(program?.tagLine ?? '');
  const [videoURL, setVideoURL] = useState(program?.videoURL ?? '/media/intro-1.webm');
  const [tips, setTips] = useState(program?.tips.join('\n') ?? '');
  const [isLive, setIsLive] = useState(program?.isLive ?? false);
  const [image, setImage] = useState<File | null>(null);
  const body = { name, tagLine, videoURL, tips: tips.split('\n'), isLive };

  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={program ? `Edit ${program.name}` : 'New program'}
      size="lg"
      boldTitle
      error={error}
      submitLabel={program ? 'Save program' : 'Create program'}
      isSubmitting={save.isPending || uploadImage.isPending}
      isCancelLocked
      onSubmit={() =>
        submit(firstMessage(programRequest, body), async () => {
          const saved = await save.mutateAsync({ id: program?.id ?? null, body });
          if (image) await uploadImage.mutateAsync({ id: saved.data.id, file: image });
          notify.success(`${saved.message}: ${saved.data.name}`);
          onClose();
        })
      }
    >
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
        <Image src={program?.imgUrl ?? defaultProgramImage} alt="" w={96} h={64} radius="sm" fit="cover" />
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
    </FormDialog>
  );
}
