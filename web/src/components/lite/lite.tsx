import DownOutlined from '@ant-design/icons-svg/es/asn/DownOutlined';
import LoadingOutlined from '@ant-design/icons-svg/es/asn/LoadingOutlined';
import type { AlertProps } from 'antd/es/alert';
import type { ButtonProps } from 'antd/es/button';
import type { ResultProps } from 'antd/es/result';
import type { SelectProps } from 'antd/es/select';
import type { TabsProps } from 'antd/es/tabs';
import { lazy, useState, type ComponentType, type ReactNode } from 'react';
import { Glyph } from '../glyph';
import { onDemand, useRealAntd, useWaking, wake } from './lite-core';

/*
 * Light stand-ins for the few antd components a screen's first view draws (buttons, a select,
 * tabs), so a first visit fetches no antd (about 150 KB brotli) until the visitor reaches for
 * one: a hover, a focus or a press on any of them loads antd (`wakeAntd`) and every stand-in
 * then renders the real component in its place, inside `Themed`. Until then each draws the
 * same box as antd's dark theme (the measures and colours of `components/themed.tsx`) and
 * does what the real one would where that needs no antd: a button's click runs its handler,
 * a tab's click switches the tab. Never idle-loaded: a visit that touches nothing never
 * fetches antd (docs/web.md, "First view without antd").
 */

const BUTTON_BASE =
  'ant-btn inline-flex cursor-pointer items-center justify-center gap-2 border whitespace-nowrap transition-colors disabled:cursor-not-allowed disabled:text-white/25 disabled:shadow-none';

/** antd's button looks (dark theme) by type, size and shape. */
function buttonLook(props: ButtonProps, iconOnly: boolean): string {
  const round = props.shape === 'circle' || props.shape === 'round' ? 'rounded-full' : '';
  const size =
    props.size === 'small'
      ? `h-6 text-sm leading-[21px] ${round || 'rounded-md'} ${iconOnly ? 'w-6 px-0' : 'px-[7px]'}`
      : props.size === 'large'
        ? `h-10 ${round || 'rounded-[10px]'} text-base leading-6 ${iconOnly ? 'w-10 px-0' : 'px-[15px]'}`
        : `h-8 text-sm leading-[21px] ${round || 'rounded-lg'} ${iconOnly ? 'w-8 px-0' : 'px-[15px]'}`;
  const filled = 'disabled:border-[#2a2a33] disabled:bg-white/8';
  const kind =
    props.type === 'primary' && props.ghost
      ? // index.css draws antd's outlined primary in the accent's text colour (WCAG AA).
        'ant-btn-background-ghost border-[var(--accent-text)] bg-transparent text-[var(--accent-text)] disabled:border-[#2a2a33]'
      : props.type === 'primary'
        ? `border-transparent bg-[#6c5fd1] text-white shadow-[0_2px_0_rgba(135,116,255,0.27)] ${filled}`
        : props.type === 'link'
          ? // The variant's class: on phones a link inside a sentence keeps the line's height (index.css).
            'ant-btn-variant-link border-transparent bg-transparent text-[var(--accent-text,#9d91ff)]'
          : props.type === 'text'
            ? `border-transparent bg-transparent ${props.danger ? 'text-[#dc4446]' : 'text-white/88'}`
            : `${props.type === 'dashed' ? 'border-dashed' : ''} border-[#2a2a33] bg-[#141419] shadow-[0_2px_0_rgba(255,255,255,0.04)] ${filled} ${props.danger ? 'text-[#dc4446]' : 'text-white/88'}`;
  return `${BUTTON_BASE} ${size} ${kind}${props.block ? ' w-full' : ''}`;
}

/** antd's `Button`: a plain button until antd is there (its click works at once). */
export function Button(props: ButtonProps) {
  const antd = useRealAntd();
  const { focused, handlers } = useWaking();
  if (antd)
    return (
      <antd.Themed>
        <antd.Button {...props} autoFocus={props.autoFocus || focused.current} />
      </antd.Themed>
    );
  const {
    type: _type,
    size: _size,
    block: _block,
    icon,
    loading,
    htmlType,
    children,
    className,
    disabled,
    danger: _danger,
    ghost: _ghost,
    shape: _shape,
    iconPosition: _iconPosition,
    variant: _variant,
    color: _color,
    classNames: _classNames,
    styles: _styles,
    autoInsertSpace: _autoInsertSpace,
    rootClassName: _rootClassName,
    ...rest
  } = props;
  return (
    <button
      {...(rest as Record<string, unknown>)}
      {...handlers}
      type={htmlType ?? 'button'}
      disabled={disabled || !!loading}
      className={`${buttonLook(props, children === undefined || children === null)}${className ? ` ${className}` : ''}`}
    >
      {icon ? <span className="ant-btn-icon">{icon}</span> : null}
      {children !== undefined && children !== null ? <span>{children}</span> : null}
    </button>
  );
}

/**
 * antd's `Select` (single choice): until antd is there, a box showing the chosen option that
 * loads antd when reached for; pressed, the real select opens in its place.
 */
export function Select<V extends string | number>(props: SelectProps<V>) {
  const antd = useRealAntd();
  const { focused, handlers } = useWaking();
  const [open, setOpen] = useState(false);
  if (antd)
    return (
      <antd.Themed>
        <antd.Select<V>
          {...props}
          defaultOpen={props.defaultOpen || open}
          autoFocus={props.autoFocus || focused.current || open}
        />
      </antd.Themed>
    );
  const options = (props.options ?? []).flatMap((o) =>
    'options' in o && Array.isArray(o.options) ? (o.options as typeof props.options & object) : [o],
  );
  const chosen = options.find((o) => o.value === props.value);
  const small = props.size === 'small';
  const box =
    props.variant === 'borderless'
      ? 'border-transparent bg-transparent'
      : props.disabled
        ? 'border-[#2a2a33] bg-white/8 text-white/25'
        : props.status === 'error'
          ? 'border-[#dc4446] bg-[#141419]'
          : 'border-[#2a2a33] bg-[#141419]';
  return (
    <div
      data-testid={(props as { 'data-testid'?: string })['data-testid']}
      className={`ant-select relative inline-flex text-sm leading-[22px] text-white/88 ${
        small ? 'h-6' : 'h-8'
      }${props.className ? ` ${props.className}` : ''}`}
    >
      <button
        type="button"
        id={props.id}
        role="combobox"
        aria-expanded={false}
        aria-haspopup="listbox"
        aria-label={props['aria-label']}
        disabled={props.disabled}
        {...handlers}
        onClick={() => {
          setOpen(true);
          wake();
        }}
        className={`flex w-full min-w-0 cursor-pointer items-center border text-left disabled:cursor-not-allowed ${box} ${
          small ? 'rounded-md px-[7px]' : 'rounded-lg px-[11px]'
        }`}
      >
        <span
          className={`min-w-0 flex-1 truncate pr-[21px] ${
            chosen ? 'ant-select-selection-item' : 'ant-select-selection-placeholder text-white/25'
          }`}
        >
          {chosen ? (chosen.label as ReactNode) : (props.placeholder ?? null)}
        </span>
        <span
          aria-hidden="true"
          className={`pointer-events-none absolute top-1/2 -mt-1.5 flex h-3 text-xs leading-3 text-white/25 ${
            small ? 'right-[7px]' : 'right-[11px]'
          }`}
        >
          <Glyph icon={props.loading ? LoadingOutlined : DownOutlined} />
        </span>
      </button>
    </div>
  );
}

/**
 * antd's `Tabs` (top, line): until antd is there, the same tab bar (a tab's click switches) and
 * the chosen tab's content; antd's keyboard, overflow menu and ink animation come with antd.
 */
export function Tabs(props: TabsProps) {
  const antd = useRealAntd();
  const { handlers } = useWaking();
  const [own, setOwn] = useState(props.defaultActiveKey ?? props.items?.[0]?.key);
  if (antd)
    return (
      <antd.Themed>
        <antd.Tabs {...props} />
      </antd.Themed>
    );
  const active = props.activeKey ?? own;
  const items = props.items ?? [];
  return (
    <div className="ant-tabs flex flex-col text-sm leading-[22px] text-white/88">
      <div
        role="tablist"
        aria-orientation="horizontal"
        // antd draws the line inside the bar (its last row, under the ink bar), not below it.
        className="relative mb-4 flex shadow-[inset_0_-1px_0_#1f1f27]"
        {...handlers}
      >
        {items.map((item, i) => {
          const selected = item.key === active;
          return (
            <button
              key={item.key}
              type="button"
              role="tab"
              aria-selected={selected}
              tabIndex={selected ? 0 : -1}
              className={`ant-tabs-tab relative cursor-pointer border-0 bg-transparent px-0 py-3 text-sm leading-[22px] ${
                i > 0 ? 'ml-8' : ''
              } ${selected ? 'text-[#9d91ff] [text-shadow:0_0_0.25px_currentcolor]' : 'text-white/88'}`}
              onClick={() => {
                setOwn(item.key);
                props.onChange?.(item.key);
              }}
            >
              {item.label}
              {selected ? (
                <span className="absolute right-0 bottom-0 left-0 h-0.5 bg-[#6c5fd1]" />
              ) : null}
            </button>
          );
        })}
      </div>
      <div role="tabpanel">{items.find((item) => item.key === active)?.children}</div>
    </div>
  );
}

/** antd's `Alert`, shown once antd is there (an alert follows an action, which woke it). */
export const Alert = onDemand<AlertProps>((antd) => antd.Alert);
/** antd's `Result`, shown once antd is there. */
export const Result = onDemand<ResultProps>((antd) => antd.Result);

/**
 * A lazily loaded part that draws antd, in `Themed`, both fetched when it first shows: a part
 * inside a light view (which has no `Themed` around it) wraps itself.
 */
export function lazyThemed<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(() =>
    Promise.all([load(), import('../themed')]).then(([Part, { Themed }]) => ({
      default: (props: P) => (
        <Themed>
          <Part {...props} />
        </Themed>
      ),
    })),
  );
}

export { wakeAntd } from './lite-core';
export * from './lite-popups';
export * from './lite-drawn';
// The form controls' and status marks' stand-ins are imported from `lite-forms`, never through
// here: `/Chat` and the landing, which import this module, would fetch them too.
