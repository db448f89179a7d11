import {
  KeyOutlined,
  LoginOutlined,
  MailOutlined,
  MobileOutlined,
  WechatOutlined,
} from '@ant-design/icons';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Popconfirm from 'antd/es/popconfirm';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { identity } from '@atelier/contracts';
import { notify } from '../../lib/notify';
import { useAuthStore } from '../../stores/auth';
import { useDialogs } from '../../stores/dialogs';
import {
  linkProvider,
  useSendVerifyCode,
  useSetPassword,
  useUnlinkWay,
  useVerifyEmail,
  useWays,
} from './user-api';
import { CodeEntry } from './code-entry';
import { LinkEmail, LinkPhone } from './link-address';
import { PasskeyList } from './passkey-list';

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
    <CodeEntry
      code={code}
      onChange={setCode}
      loading={verify.isPending}
      onConfirm={(typed) => verify.mutate(typed)}
    />
  );
}

/** Removes a way after a confirmation; the last way cannot be removed (the button says why). */
function RemoveWay({ way }: { way: identity.LinkedWay }) {
  const { t } = useTranslation(['user']);
  const unlink = useUnlinkWay(() => {
    notify.success(t('user:ways.removed'));
    void useAuthStore.getState().refreshUserInfo();
  });
  if (!way.unlinkable)
    return (
      <Tooltip title={t('user:ways.lastWay')}>
        <Button
          size="small"
          disabled
          aria-label={`${t('user:ways.remove')}: ${t('user:ways.lastWay')}`}
        >
          {t('user:ways.remove')}
        </Button>
      </Tooltip>
    );
  return (
    <Popconfirm
      title={
        way.kind === 'oidc'
          ? t('user:ways.removeConfirmOidc', { provider: way.provider ?? '' })
          : way.kind === 'password'
            ? t('user:ways.removeConfirm.password')
            : way.kind === 'phone'
              ? t('user:ways.removeConfirm.phone')
              : way.kind === 'wechat'
                ? t('user:ways.removeConfirm.wechat')
                : t('user:ways.removeConfirm.email')
      }
      okText={t('user:ways.removeYes')}
      cancelText={t('user:ways.removeNo')}
      okButtonProps={{ danger: true, loading: unlink.isPending }}
      onConfirm={() => unlink.mutateAsync(way)}
    >
      <Button size="small" danger loading={unlink.isPending}>
        {t('user:ways.remove')}
      </Button>
    </Popconfirm>
  );
}

/** An account made by an email code sets its first password. */
function SetPassword() {
  const { t } = useTranslation(['user']);
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const save = useSetPassword(() => {
    notify.success(t('user:ways.passwordSet'));
    setOpen(false);
    setPassword('');
  });
  return (
    <div
      className="flex flex-col gap-2 rounded-lg border border-dashed border-white/10 p-3"
      data-testid="set-password"
    >
      <div className="flex items-center gap-3">
        <KeyOutlined className="text-lg text-white/55" />
        <div className="flex min-w-0 flex-1 flex-col">
          <span className="font-medium text-white/85">{t('user:ways.setPassword')}</span>
          <span className="text-xs text-white/50">{t('user:ways.setPasswordNote')}</span>
        </div>
        {!open && (
          <Button size="small" onClick={() => setOpen(true)}>
            {t('user:ways.setPassword')}
          </Button>
        )}
      </div>
      {open && (
        <Space.Compact className="w-full max-w-md">
          <Input.Password
            size="small"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoComplete="new-password"
            placeholder={t('user:ways.newPassword')}
            aria-label={t('user:ways.newPassword')}
            maxLength={128}
          />
          <Button
            size="small"
            type="primary"
            loading={save.isPending}
            disabled={password.length < 8}
            onClick={() => save.mutate(password)}
          >
            {t('user:ways.save')}
          </Button>
          <Button size="small" onClick={() => setOpen(false)}>
            {t('user:ways.cancel')}
          </Button>
        </Space.Compact>
      )}
    </div>
  );
}

const icons: Record<identity.LinkedWay['kind'], typeof KeyOutlined> = {
  password: KeyOutlined,
  email: MailOutlined,
  phone: MobileOutlined,
  oidc: LoginOutlined,
  wechat: WechatOutlined,
};

/** Reads the list again when the "bind WeChat" dialog (the auth feature's) closes. */
function useRefetchAfterBind(refetch: () => void) {
  const open = useDialogs((s) => s.flags.bindWechat);
  const was = useRef(open);
  useEffect(() => {
    if (was.current && !open) refetch();
    was.current = open;
  }, [open, refetch]);
}

/** The ways this account signs in with. */
export function WaysList() {
  const { t } = useTranslation(['user']);
  const query = useWays();
  useRefetchAfterBind(() => void query.refetch());
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
              key={`${way.kind}:${way.id ?? ''}`}
              data-testid="way-row"
              className="flex flex-col gap-3 rounded-lg border border-white/5 bg-white/[0.02] p-3 sm:flex-row sm:items-center"
            >
              <div className="flex min-w-0 flex-1 items-start gap-3">
                <Icon className="mt-1 text-lg text-white/55" />
                <div className="flex min-w-0 flex-col gap-1">
                  <span className="font-medium text-white/85">
                    {way.kind === 'oidc'
                      ? t('user:ways.kind.oidc', { provider: way.provider ?? '' })
                      : way.kind === 'email'
                        ? t('user:ways.kind.email')
                        : way.kind === 'phone'
                          ? t('user:ways.kind.phone')
                          : way.kind === 'wechat'
                            ? t('user:ways.kind.wechat')
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
              <RemoveWay way={way} />
            </li>
          );
        })}
      </ul>
      {!rows.some((r) => r.kind === 'password') && <SetPassword />}
      {!rows.some((r) => r.kind === 'email') && offered.email && <LinkEmail />}
      {!rows.some((r) => r.kind === 'phone') && offered.phone && <LinkPhone />}
      {!rows.some((r) => r.kind === 'wechat') && offered.wechat && (
        <Button
          icon={<WechatOutlined />}
          className="self-start"
          data-testid="link-wechat"
          onClick={() => useDialogs.getState().open('bindWechat')}
        >
          {t('user:ways.linkWechat')}
        </Button>
      )}
      {offered.oidc
        .filter((p) => !rows.some((r) => r.kind === 'oidc' && r.provider === p.name))
        .map((p) => (
          <Button
            key={p.slug}
            icon={<LoginOutlined />}
            className="self-start"
            onClick={() => void linkProvider(p.slug).catch(() => undefined)}
          >
            {t('user:ways.linkProvider', { provider: p.name })}
          </Button>
        ))}
      <PasskeyList />
    </div>
  );
}
