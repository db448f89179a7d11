import { apps } from '@atelier/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../api/client';
import { useAppSetting } from '../../stores/app-setting';

/** Apps queries share this root with the app store, whose "my apps" lists personas too. */
const root = ['apps'] as const;

export const usePersonas = () => {
  const lang = useAppSetting((s) => s.language);
  return useQuery({
    queryKey: [...root, 'personas', lang],
    queryFn: () => apiData(apps.listPersonas),
  });
};

export type PersonaInput = apps.PersonaFields;

export function usePersonaActions() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: root });
  const create = useMutation({
    mutationFn: (body: PersonaInput) => apiData(apps.createPersona, { body }),
    onSuccess: refresh,
  });
  const update = useMutation({
    mutationFn: (body: PersonaInput & { id: number }) => apiData(apps.updatePersona, { body }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: number) => apiData(apps.deletePersona, { body: { id } }),
    onSuccess: refresh,
  });
  return { create, update, remove };
}
