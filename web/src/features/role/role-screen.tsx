import type { apps } from '@atelier/contracts';
import { PlusOutlined } from '@ant-design/icons';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ScreenHeader } from '../../components/screen-header';
import { useLazyTexts } from '../../components/use-lazy-texts';
import { notify } from '../../lib/notify';
import { PersonaCard } from './persona-card';
import { PersonaEditor } from './persona-editor';
import { usePersonaActions, usePersonas } from './personas-api';

const gridClass = 'grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3';

function Personas() {
  const { t } = useTranslation(['apps', 'menu', 'screens']);
  const navigate = useNavigate();
  const [editing, setEditing] = useState<apps.App | 'new' | null>(null);
  const list = usePersonas();
  const { remove } = usePersonaActions();
  const create = (
    <Button
      type="primary"
      size="large"
      icon={<PlusOutlined />}
      onClick={() => setEditing('new')}
      className="max-[639px]:w-full"
    >
      {t('apps:role.create')}
    </Button>
  );

  return (
    <section className="mx-auto flex w-full max-w-6xl flex-col gap-4 px-3 py-4 sm:gap-6 sm:px-6 sm:py-8">
      <ScreenHeader
        icon="role"
        title={t('menu:role')}
        subtitle={t('screens:role')}
        action={create}
      />

      {list.isPending ? (
        <div className={gridClass} aria-busy="true">
          {[0, 1, 2].map((i) => (
            <div key={i} className="rounded-xl border border-white/5 bg-[#141419] p-4">
              <Skeleton active avatar={{ shape: 'square', size: 48 }} paragraph={{ rows: 3 }} />
            </div>
          ))}
        </div>
      ) : list.isError ? (
        <Result
          status="warning"
          title={t('apps:loadFailed')}
          extra={<Button onClick={() => void list.refetch()}>{t('apps:retry')}</Button>}
        />
      ) : list.data.count === 0 ? (
        <div className="rounded-xl border border-white/5 bg-[#141419] px-6 py-12">
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('apps:role.empty')}>
            <div className="flex flex-col items-center gap-3">
              {create}
              <Link to="/app-store">{t('apps:role.storeLink')}</Link>
            </div>
          </Empty>
        </div>
      ) : (
        <div className={gridClass}>
          {list.data.rows.map((p) => (
            <PersonaCard
              key={p.id}
              persona={p}
              deleting={remove.isPending && remove.variables === p.id}
              onEdit={() => setEditing(p)}
              onChat={() => void navigate(`/Chat?appId=${p.id}`)}
              onDelete={() =>
                remove.mutate(p.id, { onSuccess: () => notify.success(t('apps:role.deleted')) })
              }
            />
          ))}
        </div>
      )}
      <PersonaEditor editing={editing} onClose={() => setEditing(null)} />
    </section>
  );
}

/** `/role`: your personas — create, edit (system prompt up to 4,000 characters), delete, chat. */
export default function RoleScreen() {
  const ready = useLazyTexts();
  if (!ready)
    return (
      <div className="mx-auto w-full max-w-6xl px-3 py-8 sm:px-6">
        <Skeleton active paragraph={{ rows: 6 }} />
      </div>
    );
  return <Personas />;
}
