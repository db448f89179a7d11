import type { apps } from '@atelier/contracts';
import CloseOutlined from '@ant-design/icons-svg/es/asn/CloseOutlined';
import LeftOutlined from '@ant-design/icons-svg/es/asn/LeftOutlined';
import RightOutlined from '@ant-design/icons-svg/es/asn/RightOutlined';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AppCover } from '../../components/app-cover';
import { Glyph } from '../../components/glyph';
import { Button } from '../../components/lite/lite';

/** antd's active button skeleton (a pill when `round`), drawn without antd. */
export function SkeletonButton(props: { round?: boolean; width: number; height?: number }) {
  return (
    <div
      aria-hidden="true"
      style={{ width: props.width, height: props.height ?? 32 }}
      className={`ant-skeleton ant-skeleton-button shrink-0 animate-pulse bg-white/6 ${
        props.round ? 'rounded-full' : 'rounded'
      }`}
    />
  );
}

export interface MyAppsRowProps {
  rows: apps.App[] | undefined;
  loading: boolean;
  onOpen: (app: apps.App) => void;
  onRemove: (app: apps.App) => void;
  /** The whole list in its new order. */
  onReorder: (ids: number[]) => void;
}

const moved = (ids: number[], from: number, to: number) => {
  const next = [...ids];
  const [id] = next.splice(from, 1);
  next.splice(to, 0, id!);
  return next;
};

/** "My apps": a row of the apps a user keeps; "Arrange" moves or removes them. */
export function MyAppsRow({ rows, loading, onOpen, onRemove, onReorder }: MyAppsRowProps) {
  const { t } = useTranslation('apps');
  const [arranging, setArranging] = useState(false);
  const ids = rows?.map((a) => a.id) ?? [];
  return (
    <section
      data-testid="my-apps"
      className="flex flex-col gap-3 rounded-xl border border-white/5 bg-[#141419] p-4"
    >
      <header className="flex items-center justify-between gap-2">
        <h2 className="m-0 text-base font-medium text-white/85">{t('mine.title')}</h2>
        <div className="flex items-center gap-1">
          <Link to="/role" className="px-2 text-sm">
            {t('mine.roles')}
          </Link>
          {ids.length > 0 && (
            <Button type="text" onClick={() => setArranging((v) => !v)}>
              {arranging ? t('mine.done') : t('mine.manage')}
            </Button>
          )}
        </div>
      </header>
      {loading ? (
        <div className="flex gap-3" aria-busy="true">
          {[0, 1, 2, 3].map((i) => (
            <SkeletonButton key={i} width={140} height={48} />
          ))}
        </div>
      ) : ids.length === 0 ? (
        <p className="m-0 text-sm text-white/50">{t('mine.empty')}</p>
      ) : (
        <ul className="m-0 flex list-none gap-3 overflow-x-auto p-0 pb-1">
          {rows!.map((app, i) => (
            <li
              key={app.id}
              data-testid="my-app"
              data-app-id={app.id}
              className="flex shrink-0 items-center gap-1 rounded-lg bg-white/[0.04] pr-1"
            >
              <button
                type="button"
                onClick={() => onOpen(app)}
                className="flex min-h-12 max-w-48 cursor-pointer items-center gap-2 border-0 bg-transparent py-2 pr-2 pl-2 text-left"
              >
                <AppCover name={app.name} cover={app.cover} size={32} />
                <span className="truncate text-sm text-white/85">{app.name}</span>
              </button>
              {arranging && (
                <span className="flex items-center">
                  <Button
                    type="text"
                    size="small"
                    icon={<Glyph icon={LeftOutlined} />}
                    aria-label={t('mine.moveLeft')}
                    disabled={i === 0}
                    onClick={() => onReorder(moved(ids, i, i - 1))}
                  />
                  <Button
                    type="text"
                    size="small"
                    icon={<Glyph icon={RightOutlined} />}
                    aria-label={t('mine.moveRight')}
                    disabled={i === ids.length - 1}
                    onClick={() => onReorder(moved(ids, i, i + 1))}
                  />
                  <Button
                    type="text"
                    size="small"
                    danger
                    icon={<Glyph icon={CloseOutlined} />}
                    aria-label={t('store.remove')}
                    onClick={() => onRemove(app)}
                  />
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
