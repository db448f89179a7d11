import { PictureOutlined } from '@ant-design/icons';
import { useEffect, useRef, useState, type CSSProperties, type ImgHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { LAZY_IMAGE_THROTTLE_MS, throttle } from '../lib/throttle';

/*
 * Images that came into view wait in one queue, revealed together at most every 300 ms
 * (docs/product.md §9), so scrolling a long list does not start every download at once.
 */
const waiting = new Set<() => void>();
const flush = throttle(() => {
  const reveal = [...waiting];
  waiting.clear();
  for (const show of reveal) show();
}, LAZY_IMAGE_THROTTLE_MS);

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'onError'> & {
  src: string;
  alt: string;
  /** Classes of the frame the picture (or its placeholder) fills. */
  frameClassName?: string;
  /** Style of the frame, e.g. an aspect ratio that keeps its height before the picture loads. */
  frameStyle?: CSSProperties;
};

/** A picture loaded once it is near the screen; a failure shows a placeholder, not a broken icon. */
export function LazyImage({
  src,
  alt,
  frameClassName = '',
  frameStyle,
  className = '',
  ...rest
}: Props) {
  const { t } = useTranslation();
  const frame = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(typeof IntersectionObserver === 'undefined');
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    if (visible || !frame.current) return;
    const show = () => setVisible(true);
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.disconnect();
          waiting.add(show);
          flush();
        }
      },
      { rootMargin: '200px' },
    );
    observer.observe(frame.current);
    return () => {
      observer.disconnect();
      waiting.delete(show);
    };
  }, [visible]);
  const broken = failed === src;
  return (
    <div
      ref={frame}
      className={`relative overflow-hidden bg-white/5 ${frameClassName}`}
      style={frameStyle}
    >
      {broken ? (
        <div
          role="img"
          aria-label={t('midjourney:image.failed')}
          className="flex h-full min-h-24 w-full flex-col items-center justify-center gap-1 text-xs text-white/55"
        >
          <PictureOutlined className="text-2xl" />
          {t('midjourney:image.failed')}
        </div>
      ) : visible ? (
        <img
          {...rest}
          src={src}
          alt={alt}
          className={className}
          onError={() => setFailed(src)}
          draggable={false}
        />
      ) : null}
    </div>
  );
}
