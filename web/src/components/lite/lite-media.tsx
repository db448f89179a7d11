import type { ChangeEvent, CSSProperties, InputHTMLAttributes } from 'react';

/*
 * antd's text fields as the creation screens' first views draw them (`/video`, `/music`): a
 * one-line `Input` and an auto-sized `TextArea` with antd's dark look and class names, drawn
 * without antd for good (never swapped), so typing never waits for antd or loses the caret to a
 * swap. antd's `Input` and `TextArea` in lite-popups.tsx are the ones that load antd (editors
 * shown after an action).
 */

/** antd's field look (dark theme): border, fill, text, placeholder, hover and focus. */
const FIELD =
  'ant-input w-full rounded-lg border border-[#2a2a33] bg-[#141419] px-[11px] py-1 text-sm leading-[22px] text-white/88 transition-colors placeholder:text-white/25 hover:border-[var(--accent)] focus:border-[var(--accent)] focus:shadow-[0_0_0_2px_rgba(124,108,242,0.2)] focus:outline-none';

/** antd's `Input`: the props the screens pass, with antd's event-style `onChange`. */
export type FieldInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'size' | 'onChange'> & {
  onChange?: (e: ChangeEvent<HTMLInputElement>) => void;
  'data-testid'?: string;
};

/** antd's one-line `Input` (32 px), drawn without antd for good. */
export function FieldInput(props: FieldInputProps) {
  const { className, type, ...rest } = props;
  return (
    <input
      {...rest}
      type={type ?? 'text'}
      className={`${FIELD} h-8${className ? ` ${className}` : ''}`}
    />
  );
}

/** antd's `TextArea`: the props the screens pass (`autoSize` and `showCount` as antd's). */
export interface FieldTextAreaProps {
  value: string;
  onChange: (e: ChangeEvent<HTMLTextAreaElement>) => void;
  maxLength?: number;
  placeholder?: string;
  /** The rows it grows between (antd's `autoSize`), 22 px a row. */
  autoSize?: { minRows: number; maxRows: number };
  /** antd's counter under the box's right end ("12 / 500"). */
  showCount?: boolean;
  id?: string;
  readOnly?: boolean;
  spellCheck?: boolean;
  'aria-label'?: string;
  'data-testid'?: string;
  className?: string;
  style?: CSSProperties;
}

/**
 * antd's auto-sized `TextArea`, drawn without antd for good: `field-sizing: content` grows it
 * between antd's heights for `autoSize` (rows × 22 px, the padding and the border).
 */
export function FieldTextArea(props: FieldTextAreaProps) {
  const { autoSize, showCount, className, style, ...rest } = props;
  const rows = autoSize ?? { minRows: 2, maxRows: 6 };
  const box = (
    <textarea
      {...rest}
      rows={rows.minRows}
      style={{
        minHeight: rows.minRows * 22 + 10,
        maxHeight: rows.maxRows * 22 + 10,
        ...(showCount ? {} : style),
      }}
      className={`${FIELD} block resize-none [field-sizing:content]${
        !showCount && className ? ` ${className}` : ''
      }`}
    />
  );
  if (!showCount) return box;
  const count =
    props.maxLength !== undefined
      ? `${[...props.value].length} / ${props.maxLength}`
      : String([...props.value].length);
  return (
    <span
      style={style}
      className={`ant-input-textarea-affix-wrapper ant-input-textarea-show-count relative block${
        className ? ` ${className}` : ''
      }`}
    >
      {box}
      <span className="ant-input-data-count pointer-events-none absolute end-px -bottom-[21px] text-sm leading-[22px] whitespace-nowrap text-white/45">
        {count}
      </span>
    </span>
  );
}
