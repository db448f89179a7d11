import { sd, TaskStatus } from '@atelier/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTaskList } from '../components/tasks/use-task-list';
import { useIdentity } from '../stores/auth';
import { balanceChanged } from '../stores/balance';
import { apiData } from './client';
import { uploadFile } from './upload';

/*
 * The toolbox's calls, shared by /tools and the image screens' dialogs (photo repair, tools
 * redraw, upscale and variation): its operations (who serves each, the price), uploading a
 * picture, submitting an operation, following the submitted task, the caller's own pictures.
 */

export type ToolSubmit = {
  op: sd.ToolOp;
  image: string;
  mask?: string;
  face?: string;
  prompt?: string;
  scale?: 2 | 4;
  strength?: number;
  seed?: number;
};

const keys = {
  ops: (who: string) => ['tools', 'ops', who] as const,
  task: (id: number) => ['tools', 'task', id] as const,
  mine: (who: string) => ['tools', 'mine', who] as const,
};

/**
 * Whether the caller is known yet: a first visit's screen may render before the start-up has
 * picked the guest's uuid, and a query asked for then would be asked again under the uuid.
 */
const known = (who: string) => who !== 'g:';

export const useToolOps = () => {
  const who = useIdentity();
  return useQuery({
    queryKey: keys.ops(who),
    queryFn: () => apiData(sd.listToolOps),
    enabled: known(who),
  });
};

export const useUpload = () => useMutation({ mutationFn: (file: File) => uploadFile(file) });

export const useToolSubmit = () => {
  const who = useIdentity();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ToolSubmit) => apiData(sd.toolSubmit, { body }),
    onSuccess: async (task) => {
      client.setQueryData(keys.task(task.id), task);
      await client.invalidateQueries({ queryKey: keys.mine(who) });
      await balanceChanged();
    },
  });
};

/** One submitted task, asked for again every 2 s while it waits or runs. */
export const useToolTask = (id: number | null) =>
  useTaskList({
    queryKey: keys.task(id ?? 0),
    queryFn: async () => (await apiData(sd.sdStatus, { body: { ids: [id!] } })).rows[0]!,
    rowsOf: (task) => [task],
    enabled: id !== null,
  });

/** The caller's finished pictures (square and toolbox) to pick from. */
export const useMyPictures = () => {
  const who = useIdentity();
  return useQuery({
    queryKey: keys.mine(who),
    enabled: known(who),
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
