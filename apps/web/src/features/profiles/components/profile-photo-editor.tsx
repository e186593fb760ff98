import { messages } from '@myprosper/contract/messages';
import { useState } from 'react';
import { PhotoCropField } from '../../../components/image-cropper/photo-crop-field.tsx';
import { errorMessage, notify } from '../../../lib/notify.ts';
import { useUpdateProfilePicture } from '../api/update-profile-picture.ts';

/**
 * The profile photo: choose an image, crop it square (cropper 400 px high), and Done uploads it at once —
 * 'Profile photo updated successfully'. A failed upload keeps the cropper open to try again.
 */
export function ProfilePhotoEditor({ photoUrl }: { photoUrl: string | null }) {
  const upload = useUpdateProfilePicture();
  const [uploadedUrl, setUploadedUrl] = useState<string | null>(null);

  async function save(file: File): Promise<void> {
    try {
      const answer = await upload.mutateAsync(file);
      setUploadedUrl(answer.profilePicUrl);
      notify.success(answer.message || messages.profilePhotoUpdated);
    } catch (failure) {
      notify.error(errorMessage(failure));
      throw failure;
    }
  }

  return (
    <PhotoCropField
      label="Profile photo"
      description="Shown on your profile and in your sessions"
      previewUrl={uploadedUrl ?? photoUrl}
      onCropped={(image) => {
        URL.revokeObjectURL(image.previewUrl);
        return save(image.file);
      }}
    />
  );
}
