import { KeyOutlined } from '@ant-design/icons';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Popconfirm from 'antd/es/popconfirm';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { identity } from '@atelier/contracts';
import { ApiError } from '../../api/client';
import { notify } from '../../lib/notify';
import { useAddPasskey, usePasskeys, useRemovePasskey, useRenamePasskey } from './passkey-api';

/** A name typed for a passkey, with Save and Cancel. */
function NameEntry(props: {
  initial: string;
  submit: string;
  loading: boolean;
  testId: string;
  onSave: (name: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['user']);
  const [name, setName] = useState(props.initial);
  return (
    <Space.Compact className="w-full max-w-md" data-testid={props.testId}>
      <Input
        size="small"
        value={name}
        maxLength={60}
        onChange={(e) => setName(e.target.value)}
        placeholder={t('user:passkeys.namePlaceholder')}
        aria-label={t('user:passkeys.namePlaceholder')}
        onPressEnter={() => name.trim() && props.onSave(name.trim())}
      />
      <Button
        size="small"
        type="primary"
        loading={props.loading}
        disabled={!name.trim()}
        onClick={() => props.onSave(name.trim())}
      >
        {props.submit}
      </Button>
      <Button size="small" onClick={props.onCancel}>
        {t('user:passkeys.cancel')}
      </Button>
    </Space.Compact>
  );
}

function PasskeyItem({ row }: { row: identity.PasskeyRow }) {
  const { t, i18n } = useTranslation(['user']);
  const [renaming, setRenaming] = useState(false);
  const rename = useRenamePasskey(() => {
    notify.success(t('user:passkeys.renamed'));
    setRenaming(false);
  });
  const remove = useRemovePasskey(() => notify.success(t('user:passkeys.removed')));
  const date = (iso: string) => new Date(iso).toLocaleDateString(i18n.language);
  return (
    <li
      data-testid="passkey-row"
      className="flex flex-col gap-3 rounded-lg border border-white/5 bg-white/[0.02] p-3 sm:flex-row sm:items-center"
    >
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <KeyOutlined className="mt-1 text-lg text-white/55" />
        <div className="flex min-w-0 flex-col gap-1">
          <span className="font-medium text-white/85">
            {row.name} {row.backedUp && <Tag color="blue">{t('user:passkeys.synced')}</Tag>}
            {!row.here && <Tag>{t('user:passkeys.otherSite')}</Tag>}
          </span>
          <span className="text-xs text-white/50">
            {t('user:passkeys.addedOn', { date: date(row.createdAt) })} ·{' '}
            {row.lastUsedAt
              ? t('user:passkeys.lastUsed', { date: date(row.lastUsedAt) })
              : t('user:passkeys.neverUsed')}
          </span>
          {renaming && (
            <NameEntry
              initial={row.name}
              submit={t('user:passkeys.save')}
              loading={rename.isPending}
              testId="passkey-rename"
              onSave={(name) => rename.mutate({ id: row.id, name })}
              onCancel={() => setRenaming(false)}
            />
          )}
        </div>
      </div>
      <Space size="small">
        <Button size="small" onClick={() => setRenaming(true)} disabled={renaming}>
          {t('user:passkeys.rename')}
        </Button>
        {row.unlinkable ? (
          <Popconfirm
            title={t('user:passkeys.removeConfirm')}
            okText={t('user:passkeys.removeYes')}
            cancelText={t('user:passkeys.removeNo')}
            okButtonProps={{ danger: true, loading: remove.isPending }}
            onConfirm={() => remove.mutateAsync(row.id)}
          >
            <Button size="small" danger loading={remove.isPending}>
              {t('user:passkeys.remove')}
            </Button>
          </Popconfirm>
        ) : (
          <Tooltip title={t('user:passkeys.lastWay')}>
            <Button
              size="small"
              disabled
              aria-label={`${t('user:passkeys.remove')}: ${t('user:passkeys.lastWay')}`}
            >
              {t('user:passkeys.remove')}
            </Button>
          </Tooltip>
        )}
      </Space>
    </li>
  );
}

/** The account's passkeys in the Sign-in ways tab: add (named), rename, remove. */
export function PasskeyList() {
  const { t } = useTranslation(['user']);
  const query = usePasskeys();
  const [adding, setAdding] = useState(false);
  const add = useAddPasskey(() => {
    notify.success(t('user:passkeys.added'));
    setAdding(false);
  });
  if (!query.data) return null;
  const { rows, offered } = query.data;
  if (!offered && rows.length === 0) return null;
  const create = (name: string) =>
    add.mutateAsync(name).catch((error: unknown) => {
      if (error instanceof ApiError) return;
      const cancelled =
        error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');
      notify.error(cancelled ? t('user:passkeys.cancelled') : t('user:passkeys.unsupported'));
    });
  return (
    <section className="flex flex-col gap-2" data-testid="passkeys">
      <h3 className="m-0 text-sm font-medium text-white/85">{t('user:passkeys.title')}</h3>
      <p className="m-0 text-xs text-white/50">{t('user:passkeys.note')}</p>
      {rows.length > 0 && (
        <ul className="m-0 flex list-none flex-col gap-2 p-0">
          {rows.map((row) => (
            <PasskeyItem key={row.id} row={row} />
          ))}
        </ul>
      )}
      {offered &&
        (adding ? (
          <NameEntry
            initial={t('user:passkeys.defaultName')}
            submit={t('user:passkeys.create')}
            loading={add.isPending}
            testId="passkey-name"
            onSave={(name) => void create(name)}
            onCancel={() => setAdding(false)}
          />
        ) : (
          <Button
            icon={<KeyOutlined />}
            className="self-start"
            onClick={() => setAdding(true)}
            data-testid="passkey-add"
          >
            {t('user:passkeys.add')}
          </Button>
        ))}
    </section>
  );
}
