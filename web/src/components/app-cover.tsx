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
  if (isImage(cover))
    return (
      <img
        src={cover}
        alt=""
        loading="lazy"
        className="shrink-0 rounded-lg object-cover"
        style={{ width: size, height: size }}
      />
    );
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
