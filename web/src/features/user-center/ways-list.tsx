import { KeyOutlined, MailOutlined } from '@ant-design/icons';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { identity } from '@atelier/contracts';
import { notify } from '../../lib/notify';
import { useAuthStore } from '../../stores/auth';
import { useSendVerifyCode, useVerifyEmail, useWays } from './user-api';

/** An unverified address: mail a code to it, type the code. */
function VerifyEmail() {
  const { t } = useTranslation(['user']);
  const [asked, setAsked] = useState(false);
  const [code, setCode] = useState('');
  const ask = useSendVerifyCode(() => {
    setAsked(true);
    notify.success(t('user:ways.codeSent'));
  });
  const verify = useVerifyEmail(() => {
    notify.success(t('user:ways.verified'));
    void useAuthStore.getState().refreshUserInfo();
  });
  if (!asked)
    return (
      <Button size="small" loading={ask.isPending} onClick={() => ask.mutate()}>
        {t('user:ways.verify')}
      </Button>
    );
  return (
    <Space.Compact>
      <Input
        size="small"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        placeholder={t('user:ways.codePlaceholder')}
        aria-label={t('user:ways.codePlaceholder')}
        className="w-28"
      />
      <Button
        size="small"
        type="primary"
        loading={verify.isPending}
        disabled={!/^\d{6}$/.test(code.trim())}
        onClick={() => verify.mutate(code.trim())}
      >
        {t('user:ways.confirm')}
      </Button>
    </Space.Compact>
  );
}

const icons: Record<identity.LinkedWay['kind'], typeof KeyOutlined> = {
  password: KeyOutlined,
  email: MailOutlined,
};

/** The ways this account signs in with. */
export function WaysList() {
  const { t } = useTranslation(['user']);
  const query = useWays();
  if (query.isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (query.isError)
    return (
      <Result
        status="warning"
        title={t('user:ways.loadFailed')}
        extra={<Button onClick={() => void query.refetch()}>{t('user:retry')}</Button>}
      />
    );
  const { rows, offered } = query.data;
  return (
    <div className="flex flex-col gap-3 pt-2">
      <p className="m-0 text-sm text-white/50">{t('user:ways.note')}</p>
      <ul className="m-0 flex list-none flex-col gap-2 p-0" data-testid="ways-list">
        {rows.map((way) => {
          const Icon = icons[way.kind];
          return (
            <li
              key={way.kind}
              data-testid="way-row"
              className="flex flex-col gap-3 rounded-lg border border-white/5 bg-white/[0.02] p-3 sm:flex-row sm:items-center"
            >
              <div className="flex min-w-0 flex-1 items-start gap-3">
                <Icon className="mt-1 text-lg text-white/55" />
                <div className="flex min-w-0 flex-col gap-1">
                  <span className="font-medium text-white/85">
                    {way.kind === 'email'
                      ? t('user:ways.kind.email')
                      : t('user:ways.kind.password')}
                  </span>
                  <span className="break-all text-xs text-white/50">{way.label}</span>
                </div>
              </div>
              {way.kind === 'email' &&
                (way.verified ? (
                  <Tag color="green" className="self-start sm:self-center">
                    {t('user:ways.verifiedTag')}
                  </Tag>
                ) : offered.email ? (
                  <VerifyEmail />
                ) : (
                  <Tag className="self-start sm:self-center">{t('user:ways.unverifiedTag')}</Tag>
                ))}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
