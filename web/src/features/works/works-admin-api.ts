import { works as W, type BodyIn } from '@atelier/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../api/client';

const key = ['works-admin', 'reports'] as const;

/** Reported works and prompts (open ones, or all), a page at a time. */
export const useReports = (state: 'open' | 'all', page: number) =>
  useQuery({
    queryKey: [...key, state, page],
    queryFn: () => apiData(W.listReports, { query: { state, page, size: 20 } }),
  });

/** Hide or restore a target with a reason; the list is read again. */
export const useModerate = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyIn<typeof W.moderate>) => apiData(W.moderate, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: key }),
  });
};
