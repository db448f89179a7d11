import { apps } from '@atelier/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../api/client';
import { useAppSetting } from '../../stores/app-setting';

/** Every apps query starts with this key: a change to "my apps" refreshes them all. */
const root = ['apps'] as const;

/** The server answers in the interface language, so the language is part of each key. */
const useLang = () => useAppSetting((s) => s.language);

export const useCategories = () => {
  const lang = useLang();
  return useQuery({
    queryKey: [...root, 'cats', lang],
    queryFn: () => apiData(apps.listCategories),
    staleTime: 60_000,
  });
};

export const useStoreApps = (categoryId: number | null, keyword: string) => {
  const lang = useLang();
  return useQuery({
    queryKey: [...root, 'list', lang, categoryId, keyword],
    queryFn: () =>
      apiData(apps.listApps, {
        query: {
          ...(categoryId ? { categoryId } : {}),
          ...(keyword ? { keyword } : {}),
          size: 200,
        },
      }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
};

export const useMyApps = () => {
  const lang = useLang();
  return useQuery({
    queryKey: [...root, 'mine', lang],
    queryFn: () => apiData(apps.myApps),
  });
};

/** Add to / remove from / reorder "my apps"; every apps list refreshes after. */
export function useMyAppsActions() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: root });
  const collect = useMutation({
    mutationFn: (appId: number) => apiData(apps.collectApp, { body: { appId } }),
    onSuccess: refresh,
  });
  const uncollect = useMutation({
    mutationFn: (appId: number) => apiData(apps.uncollectApp, { body: { appId } }),
    onSuccess: refresh,
  });
  const sort = useMutation({
    mutationFn: (appIds: number[]) => apiData(apps.sortApps, { body: { appIds } }),
    onSuccess: refresh,
  });
  return { collect, uncollect, sort };
}
