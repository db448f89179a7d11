import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { Button, Switch, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { identity as I } from '@atelier/contracts';
import { notify } from '../../lib/notify';
import { useAdminMutation, useAdminQuery } from './admin-api';
import { useSitePicker } from './site-picker';

type Row = I.SiteWaysView['ways'][number];

/** A way's name as the operator reads it. */
function useWayName() {
  const { t } = useTranslation();
  return (row: Row) => {
    // Each key written out, so that the locales check finds every one in use.
    switch (row.way) {
      case 'password':
        return t('admin:signInWays.password');
      case 'email':
        return t('admin:signInWays.email');
      case 'phone':
        return t('admin:signInWays.phone');
      case 'wechat':
        return t('admin:signInWays.wechat');
      case 'passkey':
        return t('admin:signInWays.passkey');
      default:
        return t('admin:signInWays.provider', { name: row.name ?? row.way.slice(5) });
    }
  };
}

/** One site's list: each way offered or not, moved up or down by its buttons, then saved. */
function WaysForm({ view }: { view: I.SiteWaysView }) {
  const { t } = useTranslation();
  const nameOf = useWayName();
  const save = useAdminMutation(I.adminUpdateSignInWays);
  const [rows, setRows] = useState<Row[]>(view.ways);
  const move = (i: number, by: -1 | 1) =>
    setRows((list) => {
      const next = [...list];
      const [row] = next.splice(i, 1);
      next.splice(i + by, 0, row!);
      return next;
    });
  const submit = () =>
    save.mutate(
      { siteId: view.siteId, ways: rows.map((r) => ({ way: r.way, offered: r.offered })) },
      {
        onSuccess: (saved) => {
          setRows(saved.ways);
          notify.success(t('admin:signInWays.saved'));
        },
      },
    );
  return (
    <div className="flex flex-col gap-3">
      <ol className="m-0 flex list-none flex-col gap-2 p-0" data-testid="sign-in-ways">
        {rows.map((row, i) => {
          const name = nameOf(row);
          return (
            <li
              key={row.way}
              className="flex items-center gap-3 rounded border border-white/10 px-3 py-2"
              data-testid={`way-${row.way}`}
            >
              <span className="w-6 text-right opacity-50">{i + 1}</span>
              <span className="flex-1">{name}</span>
              <Tag color={row.ready ? 'green' : undefined}>
                {row.ready ? t('admin:signInWays.ready') : t('admin:signInWays.notReady')}
              </Tag>
              <Switch
                checked={row.offered}
                aria-label={`${t('admin:signInWays.offered')}: ${name}`}
                onChange={(offered) =>
                  setRows((list) => list.map((r) => (r.way === row.way ? { ...r, offered } : r)))
                }
              />
              <Button
                size="small"
                icon={<ArrowUpOutlined />}
                disabled={i === 0}
                aria-label={`${t('admin:signInWays.up')}: ${name}`}
                onClick={() => move(i, -1)}
              />
              <Button
                size="small"
                icon={<ArrowDownOutlined />}
                disabled={i === rows.length - 1}
                aria-label={`${t('admin:signInWays.down')}: ${name}`}
                onClick={() => move(i, 1)}
              />
            </li>
          );
        })}
      </ol>
      <div>
        <Button
          type="primary"
          loading={save.isPending}
          onClick={submit}
          data-testid="sign-in-ways-save"
        >
          {t('admin:form.save')}
        </Button>
      </div>
    </div>
  );
}

/** Per site: which ways the login dialog offers, in which order (docs/identity.md). */
export function SignInWaysPanel() {
  const { t } = useTranslation();
  const { siteId, picker } = useSitePicker(t('admin:mail.site'));
  const view = useAdminQuery(I.adminSignInWays, siteId ? { siteId } : undefined, {
    enabled: siteId !== null,
  });
  return (
    <div className="flex max-w-3xl flex-col gap-4">
      <p className="m-0 text-sm opacity-70">{t('admin:signInWays.intro')}</p>
      {picker}
      {view.data && (
        <WaysForm
          key={`${view.data.siteId}:${view.data.ways.map((w) => w.way).join()}`}
          view={view.data}
        />
      )}
    </div>
  );
}
