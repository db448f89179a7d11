import { video as V } from '@atelier/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../api/client';
import { uploadFile } from '../../api/upload';
import { useTaskList } from '../../components/tasks/use-task-list';
import { balanceChanged } from '../../stores/balance';

/* Every server call of the video screen. */

export const videoKeys = {
  models: ['video', 'models'] as const,
  list: ['video', 'list'] as const,
  demos: ['video', 'demos'] as const,
};

export const useVideoModels = () =>
  useQuery({ queryKey: videoKeys.models, queryFn: () => apiData(V.videoModels) });

export const useVideoDemos = () =>
  useQuery({ queryKey: videoKeys.demos, queryFn: () => apiData(V.queryVideoDemo) });

/**
 * The caller's videos, polled every 2 s while one is still waiting or running, and every 30 s
 * while one that ran out of time may still get its clip (it then shows up by itself).
 */
export const useVideoList = () =>
  useTaskList({
    queryKey: videoKeys.list,
    queryFn: () => apiData(V.listVideos, { query: { page: 1, size: 48 } }),
    rowsOf: (data) => data.rows,
    idleInterval: (data) => (data.rows.some((r) => r.lateUntil) ? 30_000 : false),
  });

export type Entry = 'runwayVideo' | 'runwayPic' | 'pikaVideo' | 'anime';
const ENDPOINTS = {
  runwayVideo: V.runwayVideo,
  runwayPic: V.runwayPic,
  pikaVideo: V.pikaVideo,
  anime: V.animeVideo,
} as const;

function useRefreshing<A, R>(fn: (a: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    // Not awaited: the button shows the call, which is done; awaiting the list's refetch kept
    // "Generate video" spinning for as long as that refetch took.
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: videoKeys.list });
      void balanceChanged();
    },
  });
}

export const useSubmitVideo = () =>
  useRefreshing(({ entry, body }: { entry: Entry; body: V.VideoInput }) =>
    apiData(ENDPOINTS[entry], { body }),
  );

export const useExtendVideo = () =>
  useRefreshing((body: { id: number; prompt: string; fromSeconds?: number }) =>
    apiData(V.extendVideo, { body }),
  );

export const useCutVideo = () =>
  useRefreshing((body: { id: number; start: number; end: number }) =>
    apiData(V.cutVideo, { body }),
  );

export const useDeleteVideo = () =>
  useRefreshing((id: number) => apiData(V.deleteVideos, { body: { ids: [id] } }));

export const fetchLastFrame = (id: number) => apiData(V.lastFrame, { query: { id } });

export const uploadFrame = (file: File) => uploadFile(file);
