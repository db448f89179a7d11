import type { apps } from '@atelier/contracts';
import CodeOutlined from '@ant-design/icons-svg/es/asn/CodeOutlined';
import CompassOutlined from '@ant-design/icons-svg/es/asn/CompassOutlined';
import FunctionOutlined from '@ant-design/icons-svg/es/asn/FunctionOutlined';
import LockOutlined from '@ant-design/icons-svg/es/asn/LockOutlined';
import TableOutlined from '@ant-design/icons-svg/es/asn/TableOutlined';
import { Glyph } from '../../components/glyph';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AppCover } from '../../components/app-cover';
import { Skeleton, SkeletonInput } from '../../components/lite/lite';

export interface EmptyStateProps {
  modelName: string | null;
  demo: boolean;
  /** The app the group was started from (its role is fixed), if any. */
  app: apps.App | null;
  disabled: boolean;
  onSuggest: (prompt: string) => void;
}

interface Suggestion {
  icon: ReactNode;
  title: string;
  prompt: string;
}

/** A conversation with nothing in it yet: what the chat can do, one click from a first question. */
export function EmptyState({ modelName, demo, app, disabled, onSuggest }: EmptyStateProps) {
  const { t } = useTranslation('chat');
  const suggestions: Suggestion[] = [
    {
      icon: <Glyph icon={TableOutlined} />,
      title: t('empty.suggestions.compare.title'),
      prompt: t('empty.suggestions.compare.prompt'),
    },
    {
      icon: <Glyph icon={CodeOutlined} />,
      title: t('empty.suggestions.code.title'),
      prompt: t('empty.suggestions.code.prompt'),
    },
    {
      icon: <Glyph icon={FunctionOutlined} />,
      title: t('empty.suggestions.math.title'),
      prompt: t('empty.suggestions.math.prompt'),
    },
    {
      icon: <Glyph icon={CompassOutlined} />,
      title: t('empty.suggestions.plan.title'),
      prompt: t('empty.suggestions.plan.prompt'),
    },
  ];

  return (
    <div className="flex h-full overflow-y-auto" data-testid="chat-empty">
      <div className="m-auto flex w-full max-w-3xl flex-col items-center gap-6 px-4 py-10 text-center sm:gap-8">
        {app ? (
          <div className="flex flex-col items-center gap-3">
            <AppCover name={app.name} cover={app.cover} size={64} />
            <h2 className="m-0 text-xl font-semibold text-white/90 sm:text-2xl">{app.name}</h2>
            {app.description && (
              <p className="m-0 max-w-lg text-sm leading-6 text-white/55">{app.description}</p>
            )}
            <p className="m-0 flex items-center gap-2 text-xs text-white/55">
              <Glyph icon={LockOutlined} />
              {t('empty.appFixed')}
            </p>
          </div>
        ) : (
          <div className="flex flex-col items-center gap-3">
            <span className="chat-orb" aria-hidden />
            <h2 className="m-0 text-2xl font-semibold tracking-tight text-white/90 sm:text-3xl">
              {t('empty.title')}
            </h2>
            <p className="m-0 max-w-lg text-sm leading-6 text-white/50">{t('screens:chat')}</p>
            {modelName && (
              <p className="m-0 text-xs text-white/55">{t('empty.model', { model: modelName })}</p>
            )}
            {demo && (
              <p className="m-0 max-w-md rounded-full bg-white/[0.05] px-3 py-1 text-xs text-white/55">
                {t('empty.demo')}
              </p>
            )}
          </div>
        )}
        {/* An app has a job of its own: general suggestions would only distract from it. */}
        {!app && (
          <ul className="m-0 grid w-full list-none grid-cols-1 gap-2 p-0 sm:grid-cols-2 sm:gap-3">
            {suggestions.map((s) => (
              <li key={s.title}>
                <button
                  type="button"
                  disabled={disabled}
                  onClick={() => onSuggest(s.prompt)}
                  className="flex h-full w-full cursor-pointer items-start gap-3 rounded-xl border border-white/5 bg-[#141419] p-3 text-left transition-colors hover:border-white/15 hover:bg-[#18181f] disabled:cursor-not-allowed disabled:opacity-50 sm:p-4"
                >
                  <span className="mt-0.5 flex h-8 w-8 shrink-0 items-center justify-center rounded-lg bg-white/[0.06] text-[var(--accent)]">
                    {s.icon}
                  </span>
                  <span className="flex min-w-0 flex-col gap-0.5">
                    <span className="text-sm font-medium text-white/85">{s.title}</span>
                    <span className="line-clamp-2 text-xs leading-5 text-white/55">{s.prompt}</span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
        {!app && (
          <p className="m-0 text-xs text-white/55">
            {t('empty.storeHint')} <Link to="/app-store">{t('empty.storeLink')}</Link>
          </p>
        )}
      </div>
    </div>
  );
}

/** Rows of messages while a group's messages load. */
export function MessagesSkeleton() {
  return (
    <div
      className="mx-auto flex w-full max-w-3xl flex-col gap-8 px-3 py-6 sm:px-6"
      aria-busy="true"
    >
      <div className="flex justify-end">
        <SkeletonInput active size="large" style={{ width: 240 }} />
      </div>
      <Skeleton active avatar paragraph={{ rows: 4 }} />
      <div className="flex justify-end">
        <SkeletonInput active size="large" style={{ width: 180 }} />
      </div>
      <Skeleton active avatar paragraph={{ rows: 3 }} />
    </div>
  );
}
