import { MailOutlined, MobileOutlined } from '@ant-design/icons';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Space from 'antd/es/space';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isPhone, normalizePhone } from '../../lib/phone';
import { notify } from '../../lib/notify';
import { useAuthStore } from '../../stores/auth';
import { CodeEntry } from './code-entry';
import { useLinkEmail, useLinkPhone, useSendLinkCode, useSendPhoneLinkCode } from './user-api';

interface Pending<T> {
  mutate: (value: T) => void;
  isPending: boolean;
}

/**
 * An address an account can link (an email address, a phone number): its input, its texts as
 * literal keys (the locale test finds them) and the calls that send the code and link it.
 */
interface LinkChannel {
  testId: 'link-email' | 'link-phone';
  icon: typeof MailOutlined;
  title: 'user:ways.linkEmail' | 'user:ways.linkPhone';
  sent: 'user:ways.codeSent' | 'user:ways.phoneCodeSent';
  linked: 'user:ways.linked' | 'user:ways.phoneLinked';
  placeholder: 'user:ways.emailPlaceholder' | 'user:ways.phonePlaceholder';
  label: 'user:ways.kind.email' | 'user:ways.kind.phone';
  type: 'email' | 'tel';
  maxLength?: number;
  /** Seconds before another code may be asked for; 0: at once (the server still limits). */
  resendSeconds: number;
  valid: (typed: string) => boolean;
  normalize: (typed: string) => string;
  useSend: (onSent: () => void) => Pending<string>;
  useLink: (onLinked: () => void) => Pending<{ address: string; code: string }>;
}

const byEmail: LinkChannel = {
  testId: 'link-email',
  icon: MailOutlined,
  title: 'user:ways.linkEmail',
  sent: 'user:ways.codeSent',
  linked: 'user:ways.linked',
  placeholder: 'user:ways.emailPlaceholder',
  label: 'user:ways.kind.email',
  type: 'email',
  resendSeconds: 0,
  valid: (typed) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(typed.trim()),
  normalize: (typed) => typed.trim(),
  useSend: useSendLinkCode,
  useLink: function useLinkByEmail(onLinked) {
    const link = useLinkEmail(onLinked);
    return {
      isPending: link.isPending,
      mutate: ({ address, code }) => link.mutate({ email: address, code }),
    };
  },
};

const byPhone: LinkChannel = {
  testId: 'link-phone',
  icon: MobileOutlined,
  title: 'user:ways.linkPhone',
  sent: 'user:ways.phoneCodeSent',
  linked: 'user:ways.phoneLinked',
  placeholder: 'user:ways.phonePlaceholder',
  label: 'user:ways.kind.phone',
  type: 'tel',
  maxLength: 32,
  resendSeconds: 60,
  valid: isPhone,
  normalize: normalizePhone,
  useSend: useSendPhoneLinkCode,
  useLink: function useLinkByPhone(onLinked) {
    const link = useLinkPhone(onLinked);
    return {
      isPending: link.isPending,
      mutate: ({ address, code }) => link.mutate({ phone: address, code }),
    };
  },
};

/** Links an address: type it, get a code (again once its wait is over), type the code. */
function LinkAddress({ channel }: { channel: LinkChannel }) {
  const { t } = useTranslation(['user']);
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [asked, setAsked] = useState(false);
  const [code, setCode] = useState('');
  const [wait, setWait] = useState(0);
  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);
  const ask = channel.useSend(() => {
    setAsked(true);
    setWait(channel.resendSeconds);
    notify.success(t(channel.sent));
  });
  const link = channel.useLink(() => {
    notify.success(t(channel.linked));
    setOpen(false);
    setAsked(false);
    setCode('');
    void useAuthStore.getState().refreshUserInfo();
  });
  const Icon = channel.icon;
  return (
    <div
      className="flex flex-col gap-2 rounded-lg border border-dashed border-white/10 p-3"
      data-testid={channel.testId}
    >
      <div className="flex items-center gap-3">
        <Icon className="text-lg text-white/55" />
        <span className="flex-1 font-medium text-white/85">{t(channel.title)}</span>
        {!open && (
          <Button size="small" onClick={() => setOpen(true)}>
            {t(channel.title)}
          </Button>
        )}
      </div>
      {open && (
        <div className="flex flex-col gap-2">
          <Space.Compact className="w-full max-w-md">
            <Input
              size="small"
              type={channel.type}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              autoComplete={channel.type}
              placeholder={t(channel.placeholder)}
              aria-label={t(channel.label)}
              maxLength={channel.maxLength}
            />
            <Button
              size="small"
              loading={ask.isPending}
              disabled={!channel.valid(typed) || wait > 0}
              onClick={() => ask.mutate(channel.normalize(typed))}
            >
              {wait > 0 ? t('user:ways.resendIn', { seconds: wait }) : t('user:ways.sendCode')}
            </Button>
          </Space.Compact>
          {asked && (
            <CodeEntry
              code={code}
              onChange={setCode}
              loading={link.isPending}
              onConfirm={(entered) =>
                link.mutate({ address: channel.normalize(typed), code: entered })
              }
            />
          )}
        </div>
      )}
    </div>
  );
}

/** Links an email address with a mailed code. */
export const LinkEmail = () => <LinkAddress channel={byEmail} />;

/** Links a phone number with a texted code, once a minute. */
export const LinkPhone = () => <LinkAddress channel={byPhone} />;
