import { KeyOutlined } from '@ant-design/icons';
import Button from 'antd/es/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { notify } from '../../lib/notify';
import { useOfferedWays } from './offered-ways';
import { cancelledByUser, passkeySignIn, passkeySignUp } from './passkey-api';
import { completeSignIn, keptInviteCode } from './sign-in';

/**
 * "Sign in with a passkey", and "Create an account with a passkey" for a new visitor, where the
 * site's address allows passkeys (docs/identity.md, Passkeys).
 */
export function PasskeyButton({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation(['auth']);
  const offered = useOfferedWays((s) => s.passkey);
  const [busy, setBusy] = useState<'in' | 'up' | null>(null);
  if (!offered) return null;
  const run = async (kind: 'in' | 'up') => {
    setBusy(kind);
    try {
      if (kind === 'in') await completeSignIn(await passkeySignIn(), 'auth:login.success');
      else await completeSignIn(await passkeySignUp(keptInviteCode()), 'auth:register.success');
      onDone();
    } catch (error) {
      // The server's refusals were shown by the API client already.
      if (error instanceof ApiError) return;
      notify.error(
        cancelledByUser(error) ? t('auth:passkey.cancelled') : t('auth:passkey.unsupported'),
      );
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="mt-3 flex flex-col items-stretch gap-1" data-testid="passkey-way">
      <Button
        block
        icon={<KeyOutlined />}
        loading={busy === 'in'}
        disabled={busy === 'up'}
        onClick={() => void run('in')}
        data-testid="passkey-sign-in"
      >
        {t('auth:passkey.signIn')}
      </Button>
      <Button
        type="link"
        size="small"
        loading={busy === 'up'}
        disabled={busy === 'in'}
        onClick={() => void run('up')}
        data-testid="passkey-sign-up"
      >
        {t('auth:passkey.signUp')}
      </Button>
    </div>
  );
}
