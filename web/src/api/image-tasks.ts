import { drawing, images } from '@atelier/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTaskList } from '../components/tasks/use-task-list';
import { useIdentity } from '../stores/auth';
import { balanceChanged, creditsKey } from '../stores/balance';
import { apiData } from './client';
import { uploadFile } from './upload';

/*
 * The calls the DALL·E (/draw) and SD3 (/sd3) screens share: their models, the quote before a
 * submit, their results (the draw list of their type, polled every 2 s while one moves),
 * deleting and uploading. Each screen's submit call lives in its own feature api file.
 */

export type ImageUse = 'draw' | 'sd3';
/** Draw-list types of `/chatLog/draw`: 1 DALL·E / gpt-image, 2 SD3. */
export const listTypeOf = (use: ImageUse) => (use === 'draw' ? 1 : 2);

export const imageKeys = {
  models: (use: ImageUse) => ['images', 'models', use] as const,
  list: (who: string, use: ImageUse) => ['images', 'list', who, use] as const,
  quote: (who: string, use: ImageUse, modelId: number, action: string, n: number) =>
    [...creditsKey, 'image-quote', who, use, modelId, action, n] as const,
};

export const useImageModels = (use: ImageUse) =>
  useQuery({
    queryKey: imageKeys.models(use),
    queryFn: async () => (await apiData(images.listImageModels, { query: { use } })).rows,
    staleTime: 60_000,
  });

/** The price of the next submit, the balance and the line ahead (asked again when credits move). */
export const useImageQuote = (
  use: ImageUse,
  modelId: number | undefined,
  action: 'generate' | 'edit' | 'image-to-image',
  n: number,
) => {
  const who = useIdentity();
  return useQuery({
    queryKey: imageKeys.quote(who, use, modelId ?? 0, action, n),
    queryFn: () => apiData(images.imageQuote, { query: { use, modelId: modelId!, action, n } }),
    enabled: modelId !== undefined,
    placeholderData: keepPreviousData,
    retry: false,
  });
};

/** The screen's latest results, polled every 2 s while one is queued or running. */
export const useImageResults = (use: ImageUse) => {
  const who = useIdentity();
  return useTaskList({
    queryKey: imageKeys.list(who, use),
    queryFn: () =>
      apiData(drawing.latestDrawings, { query: { page: 1, size: 24, type: listTypeOf(use) } }),
    rowsOf: (data) => data.rows,
    // A task that ended settled or returned its held credits: the balance changed.
    settlesCredits: true,
  });
};

/** After a submit, a delete or a finished task: the list again and the balance. */
export const useRefreshImages = (use: ImageUse) => {
  const client = useQueryClient();
  const who = useIdentity();
  return () => {
    void client.invalidateQueries({ queryKey: imageKeys.list(who, use) });
    void balanceChanged();
  };
};

export const useDeleteImage = (use: ImageUse) => {
  const refresh = useRefreshImages(use);
  return useMutation({
    mutationFn: (id: number) => apiData(drawing.deleteDrawings, { body: { ids: [id] } }),
    onSuccess: refresh,
  });
};

export const useUploadPicture = () => useMutation({ mutationFn: (file: File) => uploadFile(file) });
