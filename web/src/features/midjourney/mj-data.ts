import { drawing, files, isTaskActive } from '@atelier/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError, apiData } from '../../api/client';
import { queryClient } from '../../api/query-client';
import { uploadFile } from '../../api/upload';
import { refreshTaskList, useTaskList } from '../../components/tasks/use-task-list';
import { t } from '../../i18n';
import { notify } from '../../lib/notify';
import { useIdentity } from '../../stores/auth';
import { balanceChanged, creditsKey } from '../../stores/balance';
import { POLL_PAGE_SIZE, POLL_TYPE } from './polling';

export type DrawTask = drawing.DrawTask;
export type DrawList = drawing.DrawListData;

/** Query keys of the screen, per identity so a sign-in never shows another's drawings. */
export const mjKeys = {
  all: ['midjourney'] as const,
  latest: (who: string) => ['midjourney', 'latest', who] as const,
  older: (who: string) => ['midjourney', 'older', who] as const,
  models: ['midjourney', 'models'] as const,
  /** A quote depends on the balance: it sits under the credit queries' root, which
   * `balanceChanged` invalidates. */
  simulate: (who: string, modelId: number | undefined, action: string) =>
    [...creditsKey, 'mj-simulate', who, modelId ?? 0, action] as const,
  userParams: (who: string) => ['midjourney', 'user-params', who] as const,
  /** Free translations left and the price of one more: under the credit root too. */
  wordTerms: (who: string) => [...creditsKey, 'word-terms', who] as const,
};

const fetchLatest = () =>
  apiData(drawing.latestDrawings, { query: { page: 1, size: POLL_PAGE_SIZE, type: POLL_TYPE } });

/** Fetch the latest results now (after a submit, a delete, a redo); the list polls while one moves. */
export const refreshResults = (): void => refreshTaskList(queryClient, ['midjourney', 'latest']);

/**
 * The latest 8 results, polled every 2 s while one is queued or running (the creation kinds'
 * one rule); a reload mid-task finds it still running on the first fetch and polls on. Coming
 * back to the tab asks at once.
 */
export function useLatestResults() {
  const who = useIdentity();
  const latest = useTaskList({
    queryKey: mjKeys.latest(who),
    queryFn: fetchLatest,
    rowsOf: (data) => data.rows,
    // A drawing that finished or failed settled its held credits: the balance changed.
    settlesCredits: true,
    retry: false,
  });
  useEffect(() => {
    const onFocus = () => {
      if (document.visibilityState === 'visible') refreshResults();
    };
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onFocus);
    return () => {
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onFocus);
    };
  }, []);
  return latest;
}

/**
 * How many of the latest results are queued or drawing, read from the list's cache (no fetch
 * of its own): quotes that count the queue ahead refresh when it changes.
 */
export function useActiveCount(): number {
  const who = useIdentity();
  const latest = useQuery({
    queryKey: mjKeys.latest(who),
    queryFn: fetchLatest,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    retry: false,
  });
  return latest.data?.rows.filter((row) => isTaskActive(row.status)).length ?? 0;
}

export function useModels() {
  return useQuery({
    queryKey: mjKeys.models,
    queryFn: async () => (await apiData(drawing.listModels)).rows,
    staleTime: 60_000,
  });
}

/**
 * Submits a drawing (its price is held: the balance changed); the results poll picks it up.
 * Rejects with the client's ApiError.
 */
export async function submitDraw(input: drawing.DrawInput): Promise<DrawTask> {
  const task = await apiData(drawing.queueDrawing, { body: input });
  void balanceChanged();
  refreshResults();
  return task;
}

/** An action button of a finished result (U2, V1, zoom…). */
export const runButton = (
  taskId: number,
  customId: string,
  extra: { prompt?: string; zoom?: number; maskBase64?: string } = {},
) => submitDraw({ type: 'action', taskId, customId, ...extra });

export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
const uploadTypes = new Set<string>(files.uploadMimes);

/** Whether a picked file can be sent (type and size), as a text key or null. */
export function uploadProblem(
  file: Pick<File, 'type' | 'size'>,
): 'midjourney:upload.badType' | 'midjourney:upload.tooBig' | null {
  if (!uploadTypes.has(file.type)) return 'midjourney:upload.badType';
  if (file.size > UPLOAD_MAX_BYTES) return 'midjourney:upload.tooBig';
  return null;
}

/** Uploads a picture once its type and size are known to be accepted. */
export async function uploadImage(file: File): Promise<files.UploadedFile> {
  const problem = uploadProblem(file);
  if (problem) {
    const text = t(problem);
    notify.error(text);
    throw new ApiError(text, 400);
  }
  return uploadFile(file);
}
