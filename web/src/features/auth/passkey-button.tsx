import { KeyOutlined } from '@ant-design/icons';
import Button from 'antd/es/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { notify } from '../../lib/notify';
import { useOfferedWays } from './offered-ways';
import { cancelledByUser, passkeySignIn } from './passkey-api';
import { completeSignIn } from './sign-in';

/** "Sign in with a passkey", where the site's address allows passkeys (docs/identity.md). */
export function PasskeyButton({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation(['auth']);
  const offered = useOfferedWays((s) => s.passkey);
  const [busy, setBusy] = useState(false);
  if (!offered) return null;
  const signIn = async () => {
    setBusy(true);
    try {
      await completeSignIn(await passkeySignIn(), 'auth:login.success');
      onDone();
    } catch (error) {
      // The server's refusals were shown by the API client already.
      if (error instanceof ApiError) return;
      notify.error(
        cancelledByUser(error) ? t('auth:passkey.cancelled') : t('auth:passkey.unsupported'),
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      block
      className="mt-3"
      icon={<KeyOutlined />}
      loading={busy}
      onClick={() => void signIn()}
      data-testid="passkey-sign-in"
    >
      {t('auth:passkey.signIn')}
    </Button>
  );
}
