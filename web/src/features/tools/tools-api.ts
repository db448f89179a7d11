import { chat, sd } from '@atelier/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../api/client';

/*
 * The toolbox console's calls (the user's toolbox calls are shared: api/tool-tasks.ts).
 */

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

export const fetchWorkflow = (providerId: number, op?: sd.ToolOp) =>
  apiData(sd.adminGetComfyWorkflow, { query: { providerId, ...(op ? { op } : {}) } });
