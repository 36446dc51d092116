import { apiPath, type TUpdateInfoRequest, type TUploadResult } from '@layerline/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, callApi, type TUploadProgress } from '../../lib/api';
import { applyUserInfo, userKeys } from './api';
import { profileKeys } from './profile-keys';

/** POST the avatar with kind=avatar (JPG/PNG/GIF, 2 MB), reporting progress. */
export async function uploadAvatar(
  file: File,
  onProgress?: (progress: TUploadProgress) => void,
): Promise<string> {
  const form = new FormData();
  form.append('file', file, file.name);
  const { data } = await apiClient.upload<TUploadResult>(apiPath('files.upload'), form, {
    query: { kind: 'avatar' },
    onProgress,
  });
  return data.url;
}

/** PUT updateInfo; the answer is the saved profile, shown everywhere at once. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TUpdateInfoRequest) => (await callApi('users.update', { body })).data,
    onSuccess: (info) => {
      applyUserInfo(info);
      queryClient.setQueryData(userKeys.me(String(info.userId)), info);
      // The profile page's head (bio, tag) and the cards carrying the name.
      void queryClient.invalidateQueries({ queryKey: profileKeys.user(info.userId) });
    },
  });
}
