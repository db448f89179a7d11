import { t } from '../../i18n';
import { notify } from '../../lib/notify';
import { storageKeys } from '../../lib/storage-keys';
import { useAuthStore } from '../../stores/auth';
import { useDialogs } from '../../stores/dialogs';

/** Saves the session token, loads the account, and confirms with `successKey`'s text. */
export async function completeSignIn(
  token: string,
  successKey: 'auth:login.success' | 'auth:register.success' | 'auth:bind.success',
): Promise<void> {
  const store = useAuthStore.getState();
  store.setToken(token);
  const info = await store.refreshUserInfo();
  // A guest who ran out of credits signed up or in from the "not enough credits" dialog: with
  // the account's balance that dialog is no longer true.
  if (info.userBalance.credits > 0) useDialogs.getState().close('passiveGoods');
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
