import type { files } from '@atelier/contracts';
import { drawing, TaskStatus } from '@atelier/contracts';
import {
  keepPreviousData,
  useInfiniteQuery,
  useIsMutating,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import { apiData } from '../../api/client';
import { useTaskList } from '../../components/tasks/use-task-list';
import { useAppSetting } from '../../stores/app-setting';
import { balanceChanged } from '../../stores/balance';
import {
  mjKeys,
  refreshResults,
  runButton,
  submitDraw,
  uploadImage,
  useActiveCount,
  type DrawList,
} from './mj-data';
import { useIdentity } from '../../stores/auth';
import { POLL_PAGE_SIZE } from './polling';

/*
 * The screen's calls other than the results poll (which lives in mj-data.ts): every query has
 * its key here and every change is a mutation, so components hold no request code and no
 * hand-kept busy flags. A failed call was already shown by the API client; mutations leave
 * `error` for the component to place under a field when it needs to.
 */

/**
 * The quote of the next drawing of `action` on a model: its price after your VIP discount, the
 * queue and your balance. Cached per identity, model and action; asked again whenever the
 * balance changes (its key sits under the credit root) and when a drawing starts or ends.
 */
export const useDrawQuote = (action: drawing.DrawAction, modelId: number | undefined) => {
  const who = useIdentity();
  // Asked again when a drawing starts or finishes, so "ahead" never outlives the queue.
  const active = useActiveCount();
  return useQuery({
    queryKey: [...mjKeys.simulate(who, modelId, action), active],
    placeholderData: keepPreviousData,
    queryFn: () => apiData(drawing.quoteDrawing, { query: { action, count: 1, modelId } }),
    enabled: modelId !== undefined,
    retry: false,
  });
};

/** The parameters the user saved as defaults, read once per identity. */
export const useRememberedParams = () => {
  const who = useIdentity();
  return useQuery({
    queryKey: mjKeys.userParams(who),
    queryFn: () => apiData(drawing.defaultParams),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
};

/** Saves the parameters as defaults and keeps the answer as the remembered ones. */
export const useSaveParams = () => {
  const who = useIdentity();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (params: Record<string, unknown>) =>
      apiData(drawing.saveDefaultParams, { query: { params: JSON.stringify(params) } }),
    onSuccess: (saved) => client.setQueryData(mjKeys.userParams(who), saved),
  });
};

/**
 * What the next translation or suggestion costs: free ones left today, then the price (or,
 * for a guest, none). Under the credit root, so a balance change asks again.
 */
export const useWordTerms = () => {
  const who = useIdentity();
  return useQuery({
    queryKey: mjKeys.wordTerms(who),
    queryFn: () => apiData(drawing.wordTerms),
    retry: false,
  });
};

/** After a translation or suggestion: its terms moved, and a paid one moved the balance. */
const wordsUsed = (client: ReturnType<typeof useQueryClient>, credits: number) =>
  credits > 0 ? balanceChanged() : client.invalidateQueries({ queryKey: ['credits'] });

/** Translates a prompt into English. */
export const useTranslatePrompt = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => apiData(drawing.translateToEn, { query: { text } }),
    onSettled: (answer) => void wordsUsed(client, answer?.credits ?? 0),
  });
};

/** Up to four fuller prompts built from the one typed. */
export const useSuggestPrompts = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (prompt: string) =>
      apiData(drawing.suggestPrompts, { body: { prompt: prompt.slice(0, 1000), count: 4 } }),
    onSettled: (answer) => void wordsUsed(client, answer?.credits ?? 0),
  });
};

/** Sends a new drawing (the results poll picks it up). */
export const useSubmitDraw = () => useMutation({ mutationFn: submitDraw });

const uploadKey = ['midjourney', 'upload'] as const;

/** Uploads one reference picture; `useUploadsUnderWay` counts those still going. */
export const useUploadImage = () =>
  useMutation({ mutationKey: uploadKey, mutationFn: (file: File) => uploadImage(file) });
export const useUploadsUnderWay = () => useIsMutating({ mutationKey: uploadKey });

/** Uploads several pictures one after another; answers those that arrived (failures were shown). */
export const useUploadImages = () =>
  useMutation({
    mutationKey: uploadKey,
    mutationFn: async (list: File[]) => {
      const added: files.UploadedFile[] = [];
      for (const file of list) {
        const up = await uploadImage(file).catch(() => null);
        if (up) added.push(up);
      }
      return added;
    },
  });

/** Makes a Midjourney video of a finished picture, or extends a finished video. */
export const useMakeVideo = (taskId: number) =>
  useMutation({
    mutationFn: (v: { motion: drawing.MjMotion; prompt?: string }) =>
      submitDraw({
        type: 'video',
        taskId,
        motion: v.motion,
        ...(v.prompt ? { prompt: v.prompt } : {}),
      }),
  });

/** Presses an action button of a finished drawing (U2, V1, zoom…). */
export const useRunButton = (taskId: number) =>
  useMutation({ mutationFn: (customId: string) => runButton(taskId, customId) });

/**
 * Deletes a drawing. An `active` one (waiting or drawing) is cancelled and its credits
 * returned, so the balance changed.
 */
export const useDeleteDraw = (taskId: number, active: boolean) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiData(drawing.deleteDrawings, { body: { ids: [taskId] } }),
    onSuccess: () => {
      if (active) void balanceChanged();
      // Older pages are fetched on demand only: drop the row from them here.
      client.setQueriesData<InfiniteData<DrawList>>({ queryKey: ['midjourney', 'older'] }, (d) =>
        d
          ? {
              ...d,
              pages: d.pages.map((p) => ({ ...p, rows: p.rows.filter((r) => r.id !== taskId) })),
            }
          : d,
      );
      refreshResults();
    },
  });
};

/** Runs a failed drawing again (its price is held again: the balance changed). */
export const useRedoDraw = (taskId: number) =>
  useMutation({
    mutationFn: () => apiData(drawing.retryDrawing, { body: { id: taskId } }),
    onSuccess: () => {
      void balanceChanged();
      refreshResults();
    },
  });

/** Older results, one page at a time on demand (the latest page is the poll's). */
export const useOlderResults = () => {
  const who = useIdentity();
  return useInfiniteQuery({
    queryKey: mjKeys.older(who),
    queryFn: ({ pageParam }) =>
      apiData(drawing.listDrawings, { query: { page: pageParam, size: POLL_PAGE_SIZE } }),
    initialPageParam: 2,
    getNextPageParam: (last, pages) =>
      (pages.length + 1) * POLL_PAGE_SIZE < last.count ? pages.length + 2 : undefined,
    enabled: false,
  });
};

const galleryOptions = { staleTime: 300_000 };

/** The example gallery. */
export const useExamples = (enabled: boolean) => {
  const lang = useAppSetting((s) => s.language);
  return useQuery({
    queryKey: ['midjourney', 'examples', lang],
    queryFn: async () => (await apiData(drawing.featuredExamples, { query: { size: 24 } })).rows,
    enabled,
    ...galleryOptions,
  });
};

/** The case gallery: its categories and the cases of one (or all). */
export const useCases = (enabled: boolean, category: number | undefined) => {
  const lang = useAppSetting((s) => s.language);
  const categories = useQuery({
    queryKey: ['midjourney', 'case-categories', lang],
    queryFn: async () => (await apiData(drawing.caseCategories)).rows,
    enabled,
    ...galleryOptions,
  });
  const items = useQuery({
    queryKey: ['midjourney', 'cases', lang, category ?? 0],
    queryFn: async () =>
      (await apiData(drawing.listCases, { query: { categoryId: category, size: 24 } })).rows,
    enabled,
    ...galleryOptions,
  });
  return { categories, items };
};

/** The parameter gallery: its categories and the pieces of one (or all). */
export const useParamPieces = (enabled: boolean, category: number | undefined) => {
  const lang = useAppSetting((s) => s.language);
  const categories = useQuery({
    queryKey: ['midjourney', 'param-categories', lang],
    queryFn: async () => (await apiData(drawing.promptPieceCategories)).rows,
    enabled,
    ...galleryOptions,
  });
  const items = useQuery({
    queryKey: ['midjourney', 'params', lang, category ?? 0],
    queryFn: async () =>
      (await apiData(drawing.listPromptPieces, { query: { categoryId: category, size: 48 } })).rows,
    enabled,
    ...galleryOptions,
  });
  return { categories, items };
};

/** One's finished drawings, newest first (`purpose` keeps each picker's list apart). */
export const useFinishedDraws = (
  purpose: 'done' | 'zip-candidates',
  size: number,
  enabled = true,
) => {
  const who = useIdentity();
  return useQuery({
    queryKey: ['midjourney', purpose, who],
    queryFn: () =>
      apiData(drawing.listDrawings, { query: { page: 1, size, status: TaskStatus.succeeded } }),
    enabled,
  });
};

const zipsKey = (who: string) => ['midjourney', 'zips', who] as const;

/** The zips being built or ready, followed every 2 s while one is being built. */
export const useZips = (enabled: boolean) => {
  const who = useIdentity();
  return useTaskList({
    queryKey: zipsKey(who),
    queryFn: async () => (await apiData(drawing.listZips, { query: {} })).rows,
    rowsOf: (rows) => rows,
    enabled,
  });
};

/** Starts building a zip of the chosen drawings. */
export const useCreateZip = () => {
  const who = useIdentity();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => apiData(drawing.createZip, { body: { ids } }),
    onSuccess: () => client.invalidateQueries({ queryKey: zipsKey(who) }),
  });
};
