import { market, works, type BodyIn, type QueryIn } from '@atelier/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../api/client';
import { useAppSetting } from '../../stores/app-setting';

/** Every market query starts with this key: a like, collect, publish or use refreshes them. */
const root = ['market'] as const;
const PAGE = 24;

const useLang = () => useAppSetting((s) => s.language);

export const useMarketCategories = () => {
  const lang = useLang();
  return useQuery({
    queryKey: [...root, 'cats', lang],
    queryFn: () => apiData(market.listCategories),
    staleTime: 60_000,
  });
};

export type MarketTab = 'all' | 'collected' | 'mine';
export type ListFilter = Omit<QueryIn<typeof market.listPrompts>, 'page' | 'size'>;

/** One of the three lists, page by page ("load more"). */
export const usePromptList = (tab: MarketTab, filter: ListFilter, enabled = true) =>
  useInfiniteQuery({
    queryKey: [...root, 'list', tab, filter],
    initialPageParam: 1,
    enabled,
    queryFn: ({ pageParam }) => {
      const paging = { page: pageParam, size: PAGE };
      if (tab === 'collected') return apiData(market.collectedPrompts, { query: paging });
      if (tab === 'mine') return apiData(market.myPrompts, { query: paging });
      return apiData(market.listPrompts, { query: { ...filter, ...paging } });
    },
    getNextPageParam: (last, pages) =>
      pages.length * PAGE < last.count ? pages.length + 1 : undefined,
  });

export const usePromptDetail = (id: number | null) =>
  useQuery({
    queryKey: [...root, 'detail', id],
    queryFn: () => apiData(market.promptDetail, { query: { id: id ?? 0 } }),
    enabled: id !== null,
    retry: false,
  });

/** Likes, collections, use, report, delete: each refreshes every market list after. */
export function useMarketActions() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: root });
  const like = useMutation({
    mutationFn: (id: number) => apiData(market.likePrompt, { body: { id } }),
    onSuccess: refresh,
  });
  const collect = useMutation({
    mutationFn: (id: number) => apiData(market.collectPrompt, { body: { id } }),
    onSuccess: refresh,
  });
  const use = useMutation({
    mutationFn: (id: number) => apiData(market.usePrompt, { body: { id } }),
    onSuccess: refresh,
  });
  const report = useMutation({
    mutationFn: (b: { id: number; reason: string }) => apiData(market.reportPrompt, { body: b }),
  });
  const remove = useMutation({
    mutationFn: (id: number) => apiData(market.deletePrompt, { body: { id } }),
    onSuccess: refresh,
  });
  return { like, collect, use, report, remove };
}

export type PublishInput = BodyIn<typeof market.publishPrompt>;

export function usePublish() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PublishInput) => apiData(market.publishPrompt, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: root }),
  });
}

export function useUpdatePrompt() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyIn<typeof market.updatePrompt>) =>
      apiData(market.updatePrompt, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: root }),
  });
}

/** My finished drawings with a result, to publish one (the drawing list of the Midjourney screen). */
export const usePublishableTasks = (enabled: boolean) =>
  useQuery({
    queryKey: [...root, 'tasks'],
    enabled,
    // My works of every kind (Midjourney, DALL·E, SD3, the model square, video, music…):
    // finished tasks with files, each shown by its cover.
    queryFn: async () => {
      const list = await apiData(works.myWorks, { query: { page: 1, size: 40 } });
      return list.rows.filter((w) => w.cover !== null);
    },
  });

// ---------------------------------------------------------------- operators

export const useAdminPrompts = (query: QueryIn<typeof market.adminListPrompts>) =>
  useQuery({
    queryKey: [...root, 'admin', query],
    queryFn: () => apiData(market.adminListPrompts, { query }),
  });

export const useAdminReports = (id: number | null) =>
  useQuery({
    queryKey: [...root, 'admin-reports', id],
    enabled: id !== null,
    queryFn: () => apiData(market.adminReports, { query: { id: id ?? 0 } }),
  });

export function useModeration() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: root });
  const feature = useMutation({
    mutationFn: (b: { id: number; featured: boolean }) => apiData(market.adminFeature, { body: b }),
    onSuccess: refresh,
  });
  const hide = useMutation({
    mutationFn: (b: { id: number; hidden: boolean; reason?: string }) =>
      apiData(market.adminHide, { body: b }),
    onSuccess: refresh,
  });
  return { feature, hide };
}
