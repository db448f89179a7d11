import { music, type BodyIn } from '@atelier/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../api/client';
import { useTaskList } from '../../components/tasks/use-task-list';
import { balanceChanged } from '../../stores/balance';

/*
 * Every call of the music screen: queries with their keys, and mutations that refresh the
 * song list (and the balance) when they land. Failed calls were shown by the API client.
 */

export const musicKeys = {
  models: ['music', 'models'] as const,
  types: ['music', 'types'] as const,
  demos: ['music', 'demos'] as const,
  songs: ['music', 'songs'] as const,
};

export const useMusicModels = () =>
  useQuery({
    queryKey: musicKeys.models,
    queryFn: () => apiData(music.listModels),
    staleTime: 60_000,
  });

export const useMusicTypes = () =>
  useQuery({
    queryKey: musicKeys.types,
    queryFn: () => apiData(music.queryMusicType),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useMusicDemos = () =>
  useQuery({
    queryKey: musicKeys.demos,
    queryFn: () => apiData(music.queryMusicDemo),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The user's songs; polled every 2 s while one is still being made. */
export const useSongs = () =>
  useTaskList({
    queryKey: musicKeys.songs,
    queryFn: () => apiData(music.listSongs, { query: { page: 1, size: 50 } }),
    rowsOf: (data) => data.rows,
    keepPrevious: true,
  });

function useSongMutation<B>(call: (body: B) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => {
      void client.invalidateQueries({ queryKey: musicKeys.songs });
      void balanceChanged();
    },
  });
}

export const useSubmitSong = () =>
  useSongMutation((body: BodyIn<typeof music.submitSong>) => apiData(music.submitSong, { body }));
export const useExtendSong = () =>
  useSongMutation((body: BodyIn<typeof music.extendSong>) => apiData(music.extendSong, { body }));
export const useCropSong = () =>
  useSongMutation((body: BodyIn<typeof music.cropSong>) => apiData(music.cropSong, { body }));
export const useWholeSong = () =>
  useSongMutation((body: BodyIn<typeof music.wholeSong>) => apiData(music.wholeSong, { body }));
export const useDeleteSongs = () =>
  useSongMutation((ids: number[]) => apiData(music.deleteSongs, { body: { ids } }));

export const useLyricsPair = () => {
  const m = useMutation({
    mutationFn: (body: BodyIn<typeof music.lyricsPair>) => apiData(music.lyricsPair, { body }),
    onSettled: () => void balanceChanged(),
  });
  return m;
};

/** The bytes of a stored song (for the crop waveform). */
export async function fetchAudio(url: string): Promise<ArrayBuffer> {
  const res = await fetch(url, { credentials: 'include' });
  if (!res.ok) throw new Error(`audio ${res.status}`);
  return res.arrayBuffer();
}
