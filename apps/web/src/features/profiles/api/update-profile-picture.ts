import { updateProfilePictureResponse } from '@myprosper/contract/uploads';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { profileKeys, profilesApi } from './profiles-api.ts';

/** POST updateProfilePicture (multipart: file) — 'Profile photo updated successfully', data { profilePicUrl }. */
export async function updateProfilePicture(photo: Blob) {
  const form = new FormData();
  form.append('file', photo, photoFileName(photo));
  const body = await apiRequest(`${profilesApi}/updateProfilePicture`, updateProfilePictureResponse, {
    method: 'POST',
    body: form,
  });
  return { message: body.message, profilePicUrl: body.data.profilePicUrl };
}

function photoFileName(photo: Blob): string {
  if (photo.type === 'image/png') return 'profile.png';
  if (photo.type === 'image/webp') return 'profile.webp';
  return 'profile.jpg';
}

/** Every profile answer carries the photo, so all of them are refreshed. */
export function useUpdateProfilePicture() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfilePicture,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.all }),
  });
}
