import { t } from '../../i18n';
import { notify } from '../../lib/notify';
import { storageKeys } from '../../lib/storage-keys';
import { useAuthStore } from '../../stores/auth';

/** Saves the session token, loads the account, and confirms with `successKey`'s text. */
export async function completeSignIn(
  token: string,
  successKey: 'auth:login.success' | 'auth:register.success' | 'auth:bind.success',
): Promise<void> {
  const store = useAuthStore.getState();
  store.setToken(token);
  await store.refreshUserInfo();
  notify.success(t(successKey));
}

/** The inviter's code the shell kept from the `Invitecode` query parameter, if any. */
export function keptInviteCode(): string | undefined {
  try {
    const code = localStorage.getItem(storageKeys.invitedBy)?.trim();
    return code ? code.slice(0, 64) : undefined;
  } catch {
    return undefined;
  }
}
