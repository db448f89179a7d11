import { sd } from '@atelier/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../api/client';
import { useTaskList } from '../../components/tasks/use-task-list';
import { useIdentity } from '../../stores/auth';
import { balanceChanged } from '../../stores/balance';

/*
 * The model square's calls: the cards, a card's form fields, submitting a picture, and the
 * caller's pictures (polled while any is waiting or running).
 */

export const sdKeys = {
  models: (who: string) => ['sd', 'models', who] as const,
  fields: (id: number) => ['sd', 'fields', id] as const,
  results: (who: string) => ['sd', 'results', who] as const,
};

export const useSdModels = () => {
  const who = useIdentity();
  return useQuery({
    queryKey: sdKeys.models(who),
    queryFn: () => apiData(sd.querySdModels),
  });
};

export const useModelFields = (modelId: number | null) =>
  useQuery({
    queryKey: sdKeys.fields(modelId ?? 0),
    queryFn: () => apiData(sd.queryModelField, { query: { modelId: modelId! } }),
    enabled: modelId !== null,
    staleTime: 60_000,
  });

/** The caller's pictures, asked for again every 2 s while one waits or runs. */
export const useSdResults = () => {
  const who = useIdentity();
  return useTaskList({
    queryKey: sdKeys.results(who),
    queryFn: () => apiData(sd.sdList, { query: { type: 'sd', page: 1, size: 24 } }),
    rowsOf: (data) => data.rows,
    keepPrevious: true,
  });
};

export const useCreateSd = () => {
  const who = useIdentity();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: sd.SdParams & { modelId: number; prompt: string }) =>
      apiData(sd.sdCreate, { body }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: sdKeys.results(who) });
      await balanceChanged();
    },
  });
};

export const useDeleteSd = () => {
  const who = useIdentity();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiData(sd.sdDelete, { body: { ids: [id] } }),
    onSuccess: () => client.invalidateQueries({ queryKey: sdKeys.results(who) }),
  });
};
