import type { market } from '@atelier/contracts';
import HeartFilled from '@ant-design/icons-svg/es/asn/HeartFilled';
import HeartOutlined from '@ant-design/icons-svg/es/asn/HeartOutlined';
import StarFilled from '@ant-design/icons-svg/es/asn/StarFilled';
import StarOutlined from '@ant-design/icons-svg/es/asn/StarOutlined';
import ThunderboltOutlined from '@ant-design/icons-svg/es/asn/ThunderboltOutlined';
import { useTranslation } from 'react-i18next';
import { Glyph } from '../../components/glyph';
import { Button } from '../../components/lite/lite';
import { Tag } from '../../components/lite/lite-forms';
import { KindTag } from './kind-tag';

export interface PromptCardProps {
  prompt: market.MarketPrompt;
  busy: boolean;
  onOpen: () => void;
  onLike: () => void;
  onCollect: () => void;
  onUse: () => void;
}

/** The example (picture, video still) or, for a text prompt, its first lines. */
export function ExampleView({ prompt, large }: { prompt: market.MarketPrompt; large?: boolean }) {
  const { t } = useTranslation('market');
  const ex = prompt.example;
  if (ex?.mime.startsWith('video/') && large)
    return <video src={ex.url} poster={ex.thumbUrl} controls className="w-full rounded-lg" />;
  if (ex?.mime.startsWith('audio/') && large)
    return <audio src={ex.url} controls className="w-full" />;
  if (ex)
    return (
      <img
        src={large && ex.mime.startsWith('image/') ? ex.url : ex.thumbUrl}
        alt={prompt.title}
        loading="lazy"
        className={
          large
            ? 'max-h-[50vh] w-full rounded-lg object-contain'
            : 'aspect-[4/3] w-full object-cover'
        }
      />
    );
  return (
    <div
      className={`flex flex-col justify-center gap-2 bg-gradient-to-br from-violet-900/40 to-sky-900/30 p-4 ${
        large ? 'rounded-lg' : 'aspect-[4/3] pt-10'
      }`}
    >
      <span className="text-xs text-white/55">{t('card.noExample')}</span>
      <p className="m-0 line-clamp-4 text-sm text-white/85">{prompt.prompt}</p>
    </div>
  );
}

/** One prompt of the grid: opens the market prompt dialog; like, collect and use in place. */
export function PromptCard({ prompt, busy, onOpen, onLike, onCollect, onUse }: PromptCardProps) {
  const { t } = useTranslation('market');
  return (
    <article
      data-testid="market-card"
      className="flex flex-col overflow-hidden rounded-xl border border-white/5 bg-[#141419] transition-colors hover:border-white/15"
    >
      <button
        type="button"
        onClick={onOpen}
        aria-label={prompt.title}
        className="relative cursor-pointer border-0 bg-transparent p-0 text-left"
      >
        <ExampleView prompt={prompt} />
        <span className="absolute top-2 left-2 flex gap-1">
          <KindTag kind={prompt.kind} />
          {prompt.featured && <Tag color="gold">{t('card.featured')}</Tag>}
          {prompt.isExample && <Tag color="geekblue">{t('card.example')}</Tag>}
          {prompt.hidden && <Tag color="red">{t('card.hidden')}</Tag>}
        </span>
      </button>
      <div className="flex flex-1 flex-col gap-2 p-3">
        <h3 className="m-0 truncate text-sm font-medium text-white/90">{prompt.title}</h3>
        <p className="m-0 truncate text-xs text-white/50">{prompt.author.name}</p>
        <div className="mt-auto flex items-center gap-1">
          <Button
            size="small"
            type="text"
            disabled={busy}
            aria-pressed={prompt.liked}
            aria-label={prompt.liked ? t('card.unlike') : t('card.like')}
            title={prompt.liked ? t('card.unlike') : t('card.like')}
            icon={
              prompt.liked ? (
                <Glyph icon={HeartFilled} className="text-rose-400" />
              ) : (
                <Glyph icon={HeartOutlined} />
              )
            }
            onClick={onLike}
          >
            {prompt.likeCount}
          </Button>
          <Button
            size="small"
            type="text"
            disabled={busy}
            aria-pressed={prompt.collected}
            aria-label={prompt.collected ? t('card.uncollect') : t('card.collect')}
            title={prompt.collected ? t('card.uncollect') : t('card.collect')}
            icon={
              prompt.collected ? (
                <Glyph icon={StarFilled} className="text-amber-400" />
              ) : (
                <Glyph icon={StarOutlined} />
              )
            }
            onClick={onCollect}
          >
            {prompt.collectCount}
          </Button>
          <Button
            size="small"
            type="primary"
            ghost
            className="ml-auto"
            icon={<Glyph icon={ThunderboltOutlined} />}
            onClick={onUse}
          >
            {t('card.use')}
          </Button>
        </div>
      </div>
    </article>
  );
}
