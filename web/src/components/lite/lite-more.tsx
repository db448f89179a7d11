import CloseCircleFilled from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import SearchOutlined from '@ant-design/icons-svg/es/asn/SearchOutlined';
import type { CSSProperties } from 'react';
import { Glyph } from '../glyph';

/*
 * More of antd's looks drawn without it for good (as `lite-drawn.tsx`): the search field with
 * its button and clear icon, and the button and picture skeletons. `/market`, `/mind` and
 * `/tools` draw their first view with them.
 */

/**
 * antd's `Input.Search` with `allowClear` (the field, its clear icon and the search button),
 * drawn and used without antd: typing never waits for antd or loses the caret to a swap.
 * Enter or the button calls `onSearch`.
 */
export function SearchField(props: {
  value: string;
  onChange: (value: string) => void;
  onSearch?: (value: string) => void;
  placeholder?: string;
  'aria-label'?: string;
  className?: string;
}) {
  return (
    <span
      className={`ant-input-group-wrapper ant-input-search inline-flex w-full text-sm leading-[22px]${
        props.className ? ` ${props.className}` : ''
      }`}
    >
      <span className="ant-input-affix-wrapper relative z-[1] flex h-8 min-w-0 flex-1 items-center rounded-l-lg border border-[#2a2a33] bg-[#141419] px-[11px] py-1 text-white/88 transition-colors hover:border-[var(--accent)] focus-within:border-[var(--accent)] focus-within:shadow-[0_0_0_2px_rgba(124,108,242,0.2)]">
        <input
          type="search"
          value={props.value}
          onChange={(e) => props.onChange(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.nativeEvent.isComposing) props.onSearch?.(props.value);
          }}
          placeholder={props.placeholder}
          aria-label={props['aria-label']}
          className="ant-input min-w-0 flex-1 border-0 bg-transparent p-0 text-sm leading-[22px] text-white/88 outline-none placeholder:text-white/25 [&::-webkit-search-cancel-button]:hidden"
        />
        <span className="ant-input-suffix ml-1 flex">
          <button
            type="button"
            tabIndex={-1}
            onClick={() => props.onChange('')}
            className={`ant-input-clear-icon flex cursor-pointer border-0 bg-transparent p-0 text-xs text-white/25 hover:text-white/45 ${
              props.value ? '' : 'invisible'
            }`}
          >
            <Glyph icon={CloseCircleFilled} />
          </button>
        </span>
      </span>
      <button
        type="button"
        onClick={() => props.onSearch?.(props.value)}
        className="ant-btn ant-input-search-button -ml-px flex h-8 w-8 shrink-0 cursor-pointer items-center justify-center rounded-r-lg border border-[#2a2a33] bg-[#141419] text-white/45 transition-colors hover:border-[var(--accent)] hover:text-[var(--accent-text,#9d91ff)]"
      >
        <Glyph icon={SearchOutlined} />
      </button>
    </span>
  );
}

/** antd's active button skeleton (`Skeleton.Button`), drawn without antd. */
export function SkeletonButton(props: { shape?: 'round' | 'default'; style?: CSSProperties }) {
  return (
    <div className="ant-skeleton ant-skeleton-element inline-block" aria-hidden="true">
      <span
        style={props.style}
        className={`ant-skeleton-button inline-block h-8 min-w-16 animate-pulse bg-white/6 align-top ${
          props.shape === 'round' ? 'rounded-full' : 'rounded'
        }`}
      />
    </div>
  );
}

/** antd's active picture skeleton (`Skeleton.Image`): a box with its picture mark. */
export function SkeletonImage(props: { className?: string }) {
  return (
    <div
      aria-hidden="true"
      className={`ant-skeleton-image flex animate-pulse items-center justify-center bg-white/6 ${
        props.className ?? 'size-24'
      }`}
    >
      <svg viewBox="0 0 1098 1024" className="size-12 max-h-[40%] fill-white/15">
        <path d="M365.714 329.143q0 45.714-32.01 77.714t-77.704 32-77.714-32-32-77.714 32-77.704 77.714-32.01 77.714 32.01 32 77.704zm585.143 219.428v256H146.286V694.857l182.857-182.857L420.57 603.43l292.572-292.572zm54.857-402.285H91.429q-7.429 0-12.8 5.371T73.143 164.57v694.86q0 7.429 5.486 12.8t12.8 5.372h914.285q7.429 0 12.8-5.371t5.372-12.8V164.57q0-7.428-5.372-12.8t-12.8-5.371zm91.429 18.285v694.86q0 37.714-26.857 64.571t-64.572 26.857H91.43q-37.715 0-64.572-26.857T0 859.43V164.57q0-37.714 26.857-64.571t64.572-26.857h914.285q37.715 0 64.572 26.857t26.857 64.571z" />
      </svg>
    </div>
  );
}
