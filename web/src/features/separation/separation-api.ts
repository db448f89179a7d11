import { separation } from '@atelier/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiData, ApiError, handleAnswer, identityHeaders, API_BASE } from '../../api/client';
import { t } from '../../i18n';
import { useTaskList } from '../../components/tasks/use-task-list';
import { notify } from '../../lib/notify';
import { useIdentity } from '../../stores/auth';
import { balanceChanged } from '../../stores/balance';

/*
 * The separation screen's calls: models with their price, the user's songs, the history of
 * separations (polled every 2 s while one runs), uploading audio, submitting and deleting.
 */

export const HISTORY_SIZE = 20;

export const sepKeys = {
  all: ['separation'] as const,
  models: (who: string) => ['separation', who, 'models'] as const,
  songs: (who: string) => ['separation', who, 'songs'] as const,
  history: (who: string, size: number) => ['separation', who, 'history', size] as const,
};

export const useSeparationModels = () => {
  const who = useIdentity();
  return useQuery({
    queryKey: sepKeys.models(who),
    queryFn: () => apiData(separation.listModels),
    staleTime: 60_000,
    retry: false,
  });
};

export const useSongs = () => {
  const who = useIdentity();
  return useQuery({
    queryKey: sepKeys.songs(who),
    queryFn: () => apiData(separation.listSongs, { query: { page: 1, size: 50 } }),
    retry: false,
  });
};

/**
 * The newest separations, read again every 2 s while one waits or runs; one that ends (charged,
 * or failed and refunded) changes the balance.
 */
export const useSeparations = (size: number) => {
  const who = useIdentity();
  return useTaskList({
    queryKey: sepKeys.history(who, size),
    queryFn: () => apiData(separation.listSeparations, { query: { page: 1, size } }),
    rowsOf: (data) => data.rows,
    settlesCredits: true,
    retry: false,
  });
};

/** Sends an audio file (multipart `file`); the server checks its type by its bytes. */
export async function uploadAudio(file: File): Promise<separation.UploadedAudio> {
  const form = new FormData();
  form.append('file', file);
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${separation.uploadAudio.path}`, {
      method: 'POST',
      headers: identityHeaders(),
      body: form,
    });
  } catch {
    const text = t('errors:network');
    notify.error(text);
    throw new ApiError(text, 0);
  }
  const body = (await response.json().catch(() => null)) as Parameters<typeof handleAnswer>[2];
  const answer = handleAnswer<separation.UploadedAudio>(
    separation.uploadAudio.path,
    response.status,
    body,
  );
  if (!answer.success) throw new ApiError(answer.message, 420);
  return answer.data;
}

export const useUploadAudio = () => useMutation({ mutationFn: uploadAudio });

export const useSubmitSeparation = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: separation.SeparationInput) =>
      apiData(separation.submitSeparation, { body: input }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: sepKeys.all });
      await balanceChanged();
    },
  });
};

export const useDeleteSeparation = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiData(separation.deleteSeparation, { body: { id } }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: sepKeys.all });
      await balanceChanged();
    },
  });
};
