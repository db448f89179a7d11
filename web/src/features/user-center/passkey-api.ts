import { identity } from '@atelier/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../api/client';

/** The user centre's passkey calls; a change reads the passkeys and the ways list again. */
const passkeysKey = ['user', 'passkeys'] as const;
const waysKey = ['user', 'ways'] as const;

export const usePasskeys = () =>
  useQuery({ queryKey: passkeysKey, queryFn: () => apiData(identity.listPasskeys) });

const usePasskeyChange = <In>(fn: (input: In) => Promise<unknown>, onDone: () => void) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: passkeysKey }),
        client.invalidateQueries({ queryKey: waysKey }),
      ]);
      onDone();
    },
  });
};

/**
 * Makes a passkey: the creation options from the server, the browser's prompt
 * (@simplewebauthn/browser, loaded only now), then the answer saved under `name`.
 */
async function createPasskey(name: string) {
  const { startRegistration } = await import('@simplewebauthn/browser');
  const { options } = await apiData(identity.passkeyRegisterOptions);
  // The contract types `type` as a string; the server sends `public-key` only.
  const optionsJSON = options as Parameters<typeof startRegistration>[0]['optionsJSON'];
  const response = await startRegistration({ optionsJSON });
  return apiData(identity.registerPasskey, {
    body: { name, response: response as identity.RegistrationResponse },
  });
}

export const useAddPasskey = (onAdded: () => void) => usePasskeyChange(createPasskey, onAdded);

export const useRenamePasskey = (onRenamed: () => void) =>
  usePasskeyChange(
    (body: { id: number; name: string }) => apiData(identity.renamePasskey, { body }),
    onRenamed,
  );

export const useRemovePasskey = (onRemoved: () => void) =>
  usePasskeyChange((id: number) => apiData(identity.deletePasskey, { body: { id } }), onRemoved);
