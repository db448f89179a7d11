import { useEffect, useRef, useState } from 'react';

/** A hue from the name, so an app without a cover still has a stable colour of its own. */
const hueOf = (name: string) => {
  let h = 0;
  for (const ch of name) h = (h * 31 + (ch.codePointAt(0) ?? 0)) % 360;
  return h;
};

const isImage = (cover: string) => /^(\/|https?:\/\/)/.test(cover);

export interface AppCoverProps {
  name: string;
  cover: string;
  /** Edge length in px. */
  size?: number;
}

/**
 * An app's or persona's cover: its image, its emoji on a gradient, or (no cover) the first
 * letter of its name on a gradient drawn from the name.
 */
export function AppCover({ name, cover, size = 48 }: AppCoverProps) {
  const hue = hueOf(name);
  const style = {
    width: size,
    height: size,
    background: `linear-gradient(135deg, hsl(${hue} 55% 38%), hsl(${(hue + 40) % 360} 60% 24%))`,
    fontSize: size * 0.5,
  };
  if (isImage(cover)) return <CoverImage src={cover} size={size} />;
  return (
    <span
      aria-hidden="true"
      className="flex shrink-0 items-center justify-center rounded-lg leading-none text-white/90 select-none"
      style={style}
    >
      {cover || [...name.trim()][0]?.toUpperCase() || '?'}
    </span>
  );
}

/** How near the viewport (px) a cover's picture starts loading. */
const NEAR_PX = 200;

/**
 * A cover's picture, fetched once it is near the viewport: a store lists about 30 apps, and a
 * first visit fetches the few it shows (the browser's own `loading="lazy"` starts 1250 to
 * 2500 px ahead, which is every one of them). Until then the same box, empty.
 */
function CoverImage({ src, size }: { src: string; size: number }) {
  const box = useRef<HTMLImageElement>(null);
  const [near, setNear] = useState(typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = box.current;
    if (near || !el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: `${NEAR_PX}px` },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [near]);
  return (
    <img
      ref={box}
      src={near ? src : undefined}
      alt=""
      loading="lazy"
      width={size}
      height={size}
      className="shrink-0 rounded-lg bg-white/5 object-cover"
      style={{ width: size, height: size }}
    />
  );
}
