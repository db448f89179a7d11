import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  files,
  type BodyIn,
  type DataOf,
  type Endpoint,
  type QueryIn,
} from '@atelier/contracts/full';
import { apiData } from '../../api/client';
import { uploadFile } from '../../api/upload';

/*
 * Every server call of the operator console: one query hook and one mutation hook over any
 * contract endpoint (the sections name the endpoint; nothing here knows a section). A change
 * refreshes every console query, so lists, the dashboard and the audit log follow it.
 */

const root = ['admin'] as const;

export function useAdminQuery<E extends Endpoint>(
  endpoint: E,
  query?: QueryIn<E>,
  options: { refetchMs?: number; enabled?: boolean } = {},
) {
  return useQuery({
    queryKey: [...root, endpoint.method, endpoint.path, query ?? null],
    queryFn: () => apiData(endpoint, query ? { query } : {}),
    ...(options.refetchMs
      ? { refetchInterval: options.refetchMs, refetchIntervalInBackground: true }
      : {}),
    ...(options.enabled === false ? { enabled: false } : {}),
  });
}

export function useAdminMutation<E extends Endpoint>(endpoint: E) {
  const client = useQueryClient();
  return useMutation<DataOf<E>, Error, BodyIn<E>>({
    mutationFn: (body) => apiData(endpoint, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: root }),
  });
}

/** One call outside a hook (a CSV export), with the same client. */
export const adminFetch = <E extends Endpoint>(endpoint: E, query: QueryIn<E>) =>
  apiData(endpoint, { query });

/** A site logo or icon: uploaded as a public picture; its address goes into the form. */
export const useSitePictureUpload = () =>
  useMutation({ mutationFn: (file: File) => uploadFile(file, files.adminUploadSitePicture) });
