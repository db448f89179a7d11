import { MobileOutlined } from '@ant-design/icons';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Space from 'antd/es/space';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isPhone, normalizePhone } from '../../lib/phone';
import { notify } from '../../lib/notify';
import { useAuthStore } from '../../stores/auth';
import { CodeEntry } from './code-entry';
import { useLinkPhone, useSendPhoneLinkCode } from './user-api';

/** Links a number: type it, get a texted code (again after a minute), type the code. */
export function LinkPhone() {
  const { t } = useTranslation(['user']);
  const [open, setOpen] = useState(false);
  const [phone, setPhone] = useState('');
  const [asked, setAsked] = useState(false);
  const [code, setCode] = useState('');
  const [wait, setWait] = useState(0);
  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);
  const ask = useSendPhoneLinkCode(() => {
    setAsked(true);
    setWait(60);
    notify.success(t('user:ways.phoneCodeSent'));
  });
  const link = useLinkPhone(() => {
    notify.success(t('user:ways.phoneLinked'));
    setOpen(false);
    setAsked(false);
    setCode('');
    void useAuthStore.getState().refreshUserInfo();
  });
  return (
    <div
      className="flex flex-col gap-2 rounded-lg border border-dashed border-white/10 p-3"
      data-testid="link-phone"
    >
      <div className="flex items-center gap-3">
        <MobileOutlined className="text-lg text-white/55" />
        <span className="flex-1 font-medium text-white/85">{t('user:ways.linkPhone')}</span>
        {!open && (
          <Button size="small" onClick={() => setOpen(true)}>
            {t('user:ways.linkPhone')}
          </Button>
        )}
      </div>
      {open && (
        <div className="flex flex-col gap-2">
          <Space.Compact className="w-full max-w-md">
            <Input
              size="small"
              type="tel"
              value={phone}
              onChange={(e) => setPhone(e.target.value)}
              autoComplete="tel"
              placeholder={t('user:ways.phonePlaceholder')}
              aria-label={t('user:ways.kind.phone')}
              maxLength={32}
            />
            <Button
              size="small"
              loading={ask.isPending}
              disabled={!isPhone(phone) || wait > 0}
              onClick={() => ask.mutate(normalizePhone(phone))}
            >
              {wait > 0 ? t('user:ways.resendIn', { seconds: wait }) : t('user:ways.sendCode')}
            </Button>
          </Space.Compact>
          {asked && (
            <CodeEntry
              code={code}
              onChange={setCode}
              loading={link.isPending}
              onConfirm={(typed) => link.mutate({ phone: normalizePhone(phone), code: typed })}
            />
          )}
        </div>
      )}
    </div>
  );
}
