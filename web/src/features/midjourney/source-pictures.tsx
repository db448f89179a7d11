import { useTranslation } from 'react-i18next';
import type { ViewerImage } from '../../components/image-viewer';

/**
 * The pictures a blend, describe or face swap started from, as small thumbnails that open in
 * the viewer: the card says what went in, not only what came out.
 */
export function SourcePictures({
  sources,
  taskId,
  onView,
}: {
  sources: string[];
  taskId: number;
  onView: (image: ViewerImage) => void;
}) {
  const { t } = useTranslation();
  if (sources.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="mj-sources">
      <span className="text-xs text-white/50">{t('midjourney:card.sources')}</span>
      {sources.map((url, i) => {
        const alt = t('midjourney:card.source', { n: i + 1 });
        return (
          <button
            key={url}
            type="button"
            aria-label={alt}
            className="h-12 w-12 cursor-zoom-in overflow-hidden rounded-md border border-white/10 bg-white/5 p-0"
            onClick={() => onView({ url, name: `atelier-mj-${taskId}-source-${i + 1}.png`, alt })}
          >
            <img
              src={url}
              alt=""
              loading="lazy"
              width={48}
              height={48}
              className="h-full w-full object-cover"
            />
          </button>
        );
      })}
    </div>
  );
}
