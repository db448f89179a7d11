import type { CSSProperties, ReactNode } from 'react';

/*
 * antd's looks that need no behaviour of antd (a search field, skeletons, the empty picture, a
 * tag), drawn without it for good: the light views use them and never swap them.
 */

/**
 * antd's `Input` with a prefix (a search field), drawn and used without antd: it stays light,
 * so typing in it never waits for antd or loses the caret to a swap.
 */
export function SearchInput(props: {
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  'aria-label'?: string;
  prefix?: ReactNode;
}) {
  return (
    <span className="ant-input-affix-wrapper flex h-8 items-center rounded-lg border border-[#2a2a33] bg-[#141419] px-[11px] py-1 text-sm leading-[22px] text-white/88 transition-colors hover:border-[var(--accent)] focus-within:border-[var(--accent)] focus-within:shadow-[0_0_0_2px_rgba(124,108,242,0.2)]">
      {props.prefix ? <span className="mr-1 flex">{props.prefix}</span> : null}
      <input
        type="search"
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        placeholder={props.placeholder}
        aria-label={props['aria-label']}
        className="ant-input min-w-0 flex-1 border-0 bg-transparent p-0 text-sm leading-[22px] text-white/88 outline-none placeholder:text-white/25 [&::-webkit-search-cancel-button]:invert-[0.6]"
      />
    </span>
  );
}

/** antd's active input skeleton (a bar of the input's height), drawn without antd. */
export function SkeletonInput(props: {
  active?: boolean;
  size?: 'small' | 'large';
  block?: boolean;
  style?: CSSProperties;
}) {
  const height = props.size === 'small' ? 'h-6' : props.size === 'large' ? 'h-10' : 'h-8';
  return (
    <div
      aria-hidden="true"
      style={props.style}
      className={`ant-skeleton ${height} ${props.block ? 'w-full' : 'w-40'} animate-pulse rounded bg-white/6`}
    />
  );
}

/**
 * antd's `Empty` with `Empty.PRESENTED_IMAGE_SIMPLE` (the small box, antd's dark colours on the
 * container background), its children under it as antd's footer.
 */
export function SimpleEmpty(props: {
  description: ReactNode;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <div
      className={`ant-empty ant-empty-normal mx-2 my-8 text-center text-sm leading-[22px] text-white/45${
        props.className ? ` ${props.className}` : ''
      }`}
    >
      <div className="ant-empty-image mb-2 h-10">
        <svg
          width="64"
          height="41"
          viewBox="0 0 64 41"
          className="mx-auto h-full max-w-full"
          aria-hidden="true"
        >
          <g transform="translate(0 1)" fill="none" fillRule="evenodd">
            <ellipse fill="#27272b" cx="32" cy="33" rx="32" ry="7" />
            <g fillRule="nonzero" stroke="#3e3e42">
              <path d="M55 12.76L44.854 1.258C44.367.474 43.656 0 42.907 0H21.093c-.749 0-1.46.474-1.947 1.257L9 12.761V22h46v-9.24z" />
              <path
                d="M41.613 15.931c0-1.605.994-2.93 2.227-2.931H55v18.137C55 33.26 53.68 35 52.05 35h-40.1C10.32 35 9 33.259 9 31.137V13h11.16c1.233 0 2.227 1.323 2.227 2.928v.022c0 1.605 1.005 2.901 2.237 2.901h14.752c1.232 0 2.237-1.308 2.237-2.913v-.007z"
                fill="#1d1d22"
              />
            </g>
          </g>
        </svg>
      </div>
      <div className="ant-empty-description">{props.description}</div>
      {props.children ? <div className="ant-empty-footer mt-4">{props.children}</div> : null}
    </div>
  );
}

/**
 * antd's empty picture (its default one, in the dark theme's 65 % opacity; `image="simple"`:
 * `Empty.PRESENTED_IMAGE_SIMPLE`), drawn without antd.
 */
export function Empty({
  description,
  className,
  image,
}: {
  description: ReactNode;
  className?: string;
  image?: 'simple';
}) {
  if (image === 'simple') return <SimpleEmpty description={description} className={className} />;
  return (
    <div
      className={`ant-empty mx-2 text-center text-sm leading-[22px]${className ? ` ${className}` : ''}`}
    >
      <div className="mb-2 h-[100px]">
        <svg
          width="184"
          height="152"
          viewBox="0 0 184 152"
          className="mx-auto h-full max-w-full opacity-65"
          aria-hidden="true"
        >
          <g fill="none" fillRule="evenodd">
            <g transform="translate(24 31.67)">
              <ellipse
                fillOpacity=".8"
                fill="#F5F5F7"
                cx="67.797"
                cy="106.89"
                rx="67.797"
                ry="12.668"
              />
              <path
                d="M122.034 69.674L98.109 40.229c-1.148-1.386-2.826-2.225-4.593-2.225h-51.44c-1.766 0-3.444.839-4.592 2.225L13.56 69.674v15.383h108.475V69.674z"
                fill="#AEB8C2"
              />
              <path
                d="M101.537 86.214L80.63 61.102c-1.001-1.207-2.507-1.867-4.048-1.867H31.724c-1.54 0-3.047.66-4.048 1.867L6.769 86.214v13.792h94.768V86.214z"
                fill="url(#linearGradient-1)"
                transform="translate(13.56)"
              />
              <path
                d="M33.83 0h67.933a4 4 0 0 1 4 4v93.344a4 4 0 0 1-4 4H33.83a4 4 0 0 1-4-4V4a4 4 0 0 1 4-4z"
                fill="#F5F5F7"
              />
              <path
                d="M42.678 9.953h50.237a2 2 0 0 1 2 2V36.91a2 2 0 0 1-2 2H42.678a2 2 0 0 1-2-2V11.953a2 2 0 0 1 2-2zM42.94 49.767h49.713a2.262 2.262 0 1 1 0 4.524H42.94a2.262 2.262 0 0 1 0-4.524zM42.94 61.53h49.713a2.262 2.262 0 1 1 0 4.525H42.94a2.262 2.262 0 0 1 0-4.525zM121.813 105.032c-.775 3.071-3.497 5.36-6.735 5.36H20.515c-3.238 0-5.96-2.29-6.734-5.36a7.309 7.309 0 0 1-.222-1.79V69.675h26.318c2.907 0 5.25 2.448 5.25 5.42v.04c0 2.971 2.37 5.37 5.277 5.37h34.785c2.907 0 5.277-2.421 5.277-5.393V75.1c0-2.972 2.343-5.426 5.25-5.426h26.318v33.569c0 .617-.077 1.216-.221 1.789z"
                fill="#DCE0E6"
              />
            </g>
            <path
              d="M149.121 33.292l-6.83 2.65a1 1 0 0 1-1.317-1.23l1.937-6.207c-2.589-2.944-4.109-6.534-4.109-10.408C138.802 8.102 148.92 0 161.402 0 173.881 0 184 8.102 184 18.097c0 9.995-10.118 18.097-22.599 18.097-4.528 0-8.744-1.066-12.28-2.902z"
              fill="#DCE0E6"
            />
            <g transform="translate(149.65 15.383)" fill="#FFF">
              <ellipse cx="20.654" cy="3.167" rx="2.849" ry="2.815" />
              <path d="M5.698 5.63H0L2.898.704zM9.259.704h4.985V5.63H9.259z" />
            </g>
          </g>
        </svg>
      </div>
      <div className="ant-empty-description text-white/45">{description}</div>
    </div>
  );
}

/** antd's purple tag (the demo model's mark), drawn without antd. */
export function PurpleTag({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <span
      className={`ant-tag ant-tag-purple inline-block h-[22px] rounded-md border border-[#301c4d] bg-[#1a1325] px-[7px] text-xs leading-5 whitespace-nowrap text-[#c4a5ff]${className ? ` ${className}` : ''}`}
    >
      {children}
    </span>
  );
}

/** antd's active skeleton (an avatar, a title and lines), drawn without antd. */
export function Skeleton(props: {
  rows?: number;
  active?: boolean;
  /** A round 32 px avatar, or antd's `{ shape, size }`. */
  avatar?: boolean | { shape?: 'circle' | 'square'; size?: number };
  paragraph?: { rows?: number };
}) {
  const avatar = typeof props.avatar === 'object' ? props.avatar : {};
  const rows = props.paragraph?.rows ?? props.rows ?? 3;
  const lines = (
    <div className="flex min-w-0 flex-1 flex-col gap-4 pt-1">
      <div className="h-4 w-[38%] animate-pulse rounded bg-white/6" />
      {Array.from({ length: rows }, (_, i) => (
        <div
          key={i}
          className={`h-4 animate-pulse rounded bg-white/6 ${i === rows - 1 ? 'w-[61%]' : 'w-full'}`}
        />
      ))}
    </div>
  );
  return (
    <div className="ant-skeleton flex w-full gap-4" aria-hidden="true">
      {props.avatar ? (
        <div
          style={{ width: avatar.size ?? 32, height: avatar.size ?? 32 }}
          className={`shrink-0 animate-pulse bg-white/6 ${
            avatar.shape === 'square' ? 'rounded-md' : 'rounded-full'
          }`}
        />
      ) : null}
      {lines}
    </div>
  );
}
