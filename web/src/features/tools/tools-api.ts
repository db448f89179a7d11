import { chat, isTaskActive, sd, TaskStatus } from '@atelier/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../api/client';
import { uploadFile } from '../../api/upload';
import { useAuthStore } from '../../stores/auth';
import { balanceChanged } from '../../stores/balance';

/*
 * The toolbox's calls: its operations (who serves each, the price), uploading a picture,
 * submitting an operation, following the submitted task, and the caller's own pictures to pick.
 */

const useIdentity = (): string =>
  useAuthStore((s) => (s.token ? `t:${s.token.slice(-16)}` : `g:${s.guestid ?? ''}`));

const keys = {
  ops: (who: string) => ['tools', 'ops', who] as const,
  task: (id: number) => ['tools', 'task', id] as const,
  mine: (who: string) => ['tools', 'mine', who] as const,
};

export const useToolOps = () => {
  const who = useIdentity();
  return useQuery({ queryKey: keys.ops(who), queryFn: () => apiData(sd.listToolOps) });
};

export const useUpload = () => useMutation({ mutationFn: (file: File) => uploadFile(file) });

export const useToolSubmit = () => {
  const who = useIdentity();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: {
      op: sd.ToolOp;
      image: string;
      mask?: string;
      face?: string;
      prompt?: string;
      scale?: 2 | 4;
      strength?: number;
    }) => apiData(sd.toolSubmit, { body }),
    onSuccess: async (task) => {
      client.setQueryData(keys.task(task.id), task);
      await client.invalidateQueries({ queryKey: keys.mine(who) });
      await balanceChanged();
    },
  });
};

/** One submitted task, asked for again while it waits or runs. */
export const useToolTask = (id: number | null) =>
  useQuery({
    queryKey: keys.task(id ?? 0),
    queryFn: async () => (await apiData(sd.sdStatus, { body: { ids: [id!] } })).rows[0]!,
    enabled: id !== null,
    refetchInterval: (q) => (q.state.data && isTaskActive(q.state.data.status) ? 1200 : false),
  });

/** The caller's finished pictures (square and toolbox) to pick from. */
export const useMyPictures = () => {
  const who = useIdentity();
  return useQuery({
    queryKey: keys.mine(who),
    queryFn: async () => {
      const lists = await Promise.all(
        (['sd', 'tool'] as const).map((type) =>
          apiData(sd.sdList, { query: { type, page: 1, size: 12, status: TaskStatus.succeeded } }),
        ),
      );
      return lists
        .flatMap((l) => l.rows)
        .sort((a, b) => b.id - a.id)
        .flatMap((r) => r.images.map((i) => ({ id: r.id, url: i.url, thumbUrl: i.thumbUrl })));
    },
  });
};

// ---------------------------------------------------------------- the operator's section

export const useAdminSd = () => {
  const client = useQueryClient();
  const providers = useQuery({
    queryKey: ['tools', 'admin', 'providers'],
    queryFn: () => apiData(chat.adminListProviders),
  });
  const ops = useQuery({
    queryKey: ['tools', 'admin', 'ops'],
    queryFn: () => apiData(sd.adminListToolOps),
  });
  const saveOp = useMutation({
    mutationFn: (body: sd.AdminToolOp) => apiData(sd.adminUpdateToolOp, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['tools'] }),
  });
  const saveWorkflow = useMutation({
    mutationFn: (body: sd.ComfyWorkflow) => apiData(sd.adminSaveComfyWorkflow, { body }),
  });
  const check = useMutation({
    mutationFn: (providerId: number) => apiData(sd.adminCheckConnection, { body: { providerId } }),
  });
  return { providers, ops, saveOp, saveWorkflow, check };
};

export const fetchWorkflow = (providerId: number) =>
  apiData(sd.adminGetComfyWorkflow, { query: { providerId } });
