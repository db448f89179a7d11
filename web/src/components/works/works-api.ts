import {
  collect as C,
  drawing,
  TaskStatus,
  works as W,
  type BodyIn,
  type List,
  type QueryIn,
} from '@atelier/contracts';
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { useTaskList } from '../tasks/use-task-list';
import { apiData } from '../../api/client';

/*
 * The works screens' calls (history, galleries, details, albums, likes and collections):
 * each list's key starts with `works`, so a change anywhere refreshes every list shown.
 */

export const worksRoot = ['works'] as const;
export const PAGE_SIZE = 24;

export type Work = W.Work;
export type WorkPage = List<W.Work>;

const refresh = (qc: QueryClient) => qc.invalidateQueries({ queryKey: worksRoot });

/** Pages of works for an infinite grid: `load(page)` fetches one page. */
export function useWorkPages(
  key: readonly unknown[],
  load: (page: number) => Promise<WorkPage>,
  enabled = true,
) {
  return useInfiniteQuery({
    queryKey: [...worksRoot, ...key],
    enabled,
    initialPageParam: 1,
    queryFn: ({ pageParam }) => load(pageParam),
    getNextPageParam: (last, pages) =>
      pages.reduce((n, p) => n + p.rows.length, 0) < last.count && last.rows.length > 0
        ? pages.length + 1
        : undefined,
  });
}

export const loadHistory =
  (q: Omit<QueryIn<typeof W.history>, 'page' | 'size'>) => (page: number) =>
    apiData(W.history, { query: { ...q, page, size: PAGE_SIZE } });
export const loadMine = (q: Omit<QueryIn<typeof W.myWorks>, 'page' | 'size'>) => (page: number) =>
  apiData(W.myWorks, { query: { ...q, page, size: PAGE_SIZE } });
export const loadSquare = (q: Omit<QueryIn<typeof W.square>, 'page' | 'size'>) => (page: number) =>
  apiData(W.square, { query: { ...q, page, size: PAGE_SIZE } });

export const useWork = (id: number) =>
  useQuery({
    queryKey: [...worksRoot, 'detail', id],
    queryFn: () => apiData(W.workDetails, { query: { id } }),
    enabled: id > 0,
    retry: false,
  });

export const usePopularTags = () =>
  useQuery({ queryKey: [...worksRoot, 'tags'], queryFn: () => apiData(W.popularTags) });

/** A designer's record; its key differs from the designer's pages of works (`designer`). */
export const useDesigner = (userId: number) =>
  useQuery({
    queryKey: [...worksRoot, 'designer-info', userId],
    queryFn: () => apiData(W.designer, { query: { userId } }),
    enabled: userId > 0,
    retry: false,
  });

export const useAlbum = (id: number) =>
  useQuery({
    queryKey: [...worksRoot, 'album', id],
    queryFn: () => apiData(W.albumDetail, { query: { id } }),
    enabled: id > 0,
    retry: false,
  });

export const useMyAlbums = (enabled = true) =>
  useQuery({
    queryKey: [...worksRoot, 'myAlbums'],
    queryFn: () => apiData(W.myAlbums),
    enabled,
  });

export const useCollections = (enabled = true) =>
  useInfiniteQuery({
    queryKey: [...worksRoot, 'collections'],
    initialPageParam: 1,
    enabled,
    queryFn: ({ pageParam }) =>
      apiData(C.allCollections, { query: { page: pageParam, size: PAGE_SIZE } }),
    getNextPageParam: (last, pages) =>
      pages.reduce((n, p) => n + p.rows.length, 0) < last.count && last.rows.length > 0
        ? pages.length + 1
        : undefined,
  });

/** A change of works (publish, like, collect, album…): every works list is read again. */
function useWorksMutation<A, R>(call: (a: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => refresh(qc) });
}

export const usePublish = () =>
  useWorksMutation((body: BodyIn<typeof W.publish>) => apiData(W.publish, { body }));
export const useDeleteWorks = () =>
  useWorksMutation((ids: number[]) => apiData(W.deleteWorks, { body: { ids } }));
export const useLike = () =>
  useWorksMutation((body: BodyIn<typeof C.doLike>) => apiData(C.doLike, { body }));
export const useCollect = () =>
  useWorksMutation(({ on, ...target }: { on: boolean; targetType: 'work'; targetId: number }) =>
    on ? apiData(C.addCollect, { body: target }) : apiData(C.deleteCollect, { body: target }),
  );
export const useUncollectMany = () =>
  useWorksMutation((body: BodyIn<typeof C.deleteCollectDraw>) =>
    apiData(C.deleteCollectDraw, { body }),
  );
export const useReport = () =>
  useMutation({ mutationFn: (body: BodyIn<typeof W.report>) => apiData(W.report, { body }) });
export const useSaveAlbum = () =>
  useWorksMutation((body: BodyIn<typeof W.saveAlbum>) => apiData(W.saveAlbum, { body }));
export const useDeleteAlbum = () =>
  useWorksMutation((id: number) => apiData(W.deleteAlbum, { body: { id } }));
export const useAddToAlbum = () =>
  useWorksMutation((body: BodyIn<typeof W.addToAlbum>) => apiData(W.addToAlbum, { body }));
export const useRemoveFromAlbum = () =>
  useWorksMutation((body: BodyIn<typeof W.removeFromAlbum>) =>
    apiData(W.removeFromAlbum, { body }),
  );
export const useReorderAlbum = () =>
  useWorksMutation((body: BodyIn<typeof W.reorderAlbum>) => apiData(W.reorderAlbum, { body }));

/** Batch download: the zip task, then its state until it is ready (the existing zip kind). */
export const useZip = () =>
  useMutation({ mutationFn: (ids: number[]) => apiData(W.zipWorks, { body: { ids } }) });
export const useZipState = (id: number | null) =>
  useTaskList({
    queryKey: ['works-zip', id],
    queryFn: () => apiData(drawing.listZips, { query: { id: id! } }),
    // A zip not listed yet is still on its way.
    rowsOf: (data) => (data.rows.length ? data.rows : [{ id: id ?? 0, status: TaskStatus.queued }]),
    enabled: id !== null,
  });
