import { ReloadOutlined } from '@ant-design/icons';
import Button from 'antd/es/button';
import Spin from 'antd/es/spin';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { wechat } from '@atelier/contracts';
import { notify } from '../../lib/notify';
import { completeSignIn, keptInviteCode } from './sign-in';
import { pollWechat, startWechatLink, startWechatSignIn } from './wechat-api';

/** How often the page asks whether the QR code was scanned. */
export const POLL_MS = 2_000;

type Shown =
  | { kind: 'loading' }
  | { kind: 'qr'; qr: wechat.QrCode }
  | { kind: 'expired' }
  | { kind: 'failed' }
  | { kind: 'taken' };

/**
 * The site's official-account QR code (docs/identity.md, WeChat): fetched when `active`,
 * polled every POLL_MS while `active` (closing the dialog stops it), asked for again after it
 * expires. `sign-in` signs the page in; `link` links the scanner to the signed-in account.
 */
export function WechatQr(props: {
  purpose: 'sign-in' | 'link';
  active: boolean;
  onDone: () => void;
}) {
  const { purpose, active, onDone } = props;
  const { t } = useTranslation(['auth']);
  const [shown, setShown] = useState<Shown>({ kind: 'loading' });
  const [round, setRound] = useState(0);

  useEffect(() => {
    if (!active) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = purpose === 'link' ? startWechatLink : startWechatSignIn;
    setShown({ kind: 'loading' });
    const poll = async (qr: wechat.QrCode) => {
      if (stopped) return;
      let answer: wechat.PollData;
      try {
        answer = await pollWechat(qr.key, purpose === 'sign-in' ? keptInviteCode() : undefined);
      } catch {
        // A failed poll (the network, a limit) is tried again at the next tick.
        if (!stopped) timer = setTimeout(() => void poll(qr), POLL_MS);
        return;
      }
      if (stopped) return;
      if (answer.status === 'waiting') timer = setTimeout(() => void poll(qr), POLL_MS);
      else if (answer.status === 'expired') setShown({ kind: 'expired' });
      else if (answer.status === 'taken') setShown({ kind: 'taken' });
      else if (answer.status === 'signed-in') {
        await completeSignIn(
          answer.token,
          answer.created ? 'auth:register.success' : 'auth:login.success',
        );
        onDone();
      } else {
        notify.success(t('auth:wechat.linked'));
        onDone();
      }
    };
    ask().then(
      (qr) => {
        if (stopped) return;
        setShown({ kind: 'qr', qr });
        timer = setTimeout(() => void poll(qr), POLL_MS);
      },
      () => !stopped && setShown({ kind: 'failed' }),
    );
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
    // onDone changes on every render of the dialog; the QR code follows `active` and `round`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active, purpose, round]);

  const again = (
    <Button
      icon={<ReloadOutlined />}
      onClick={() => setRound((r) => r + 1)}
      data-testid="wechat-qr-again"
    >
      {t('auth:wechat.again')}
    </Button>
  );
  return (
    <div className="flex flex-col items-center gap-3 py-2" data-testid="wechat-qr">
      <p className="m-0 text-center text-sm text-white/60">
        {purpose === 'link' ? t('auth:wechat.linkIntro') : t('auth:wechat.intro')}
      </p>
      <div className="flex h-52 w-52 items-center justify-center rounded-lg bg-white p-2">
        {shown.kind === 'loading' && <Spin />}
        {shown.kind === 'qr' && (
          <img
            src={shown.qr.image}
            alt={t('auth:wechat.qrAlt')}
            className="h-full w-full object-contain"
            data-testid="wechat-qr-image"
          />
        )}
        {(shown.kind === 'expired' || shown.kind === 'failed' || shown.kind === 'taken') && (
          <span className="px-3 text-center text-sm text-black/70" role="status">
            {shown.kind === 'expired'
              ? t('auth:wechat.expired')
              : shown.kind === 'taken'
                ? t('auth:wechat.taken')
                : t('auth:wechat.failed')}
          </span>
        )}
      </div>
      {shown.kind !== 'qr' && shown.kind !== 'loading' && again}
    </div>
  );
}

/** The login dialog's WeChat tab. */
export const wechatTab = (label: string, active: boolean, onDone: () => void) => ({
  key: 'wechat',
  label,
  children: <WechatQr purpose="sign-in" active={active} onDone={onDone} />,
});
