import type { SegmentedProps } from 'antd/es/segmented';
import type { SwitchProps } from 'antd/es/switch';
import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { cx } from './lite-controls-shared';
import { useRealAntd, useWaking } from './lite-core';

export { InputNumber, Slider } from './lite-number';

/*
 * antd's form controls (Segmented, InputNumber, Slider, Switch) as light stand-ins: drawn as
 * antd's dark theme draws them (measured on the real ones, `components/themed.tsx`'s tokens),
 * with antd's class names for selectors, and working at once where that needs no antd: a
 * segment's click or arrow key chooses it, a switch toggles, a number field takes typing and
 * arrow keys, a slider follows a press, a drag and its keys. A hover, a focus or a press loads
 * antd (`lite-core.tsx`); the real control then renders in its place, with the focus if the
 * stand-in had it and the value an uncontrolled one reached.
 */

/** Focus the real control's element once it mounted, if the stand-in had the focus. */
function focusOnMount(focused: { current: boolean }, selector?: string) {
  return (el: HTMLElement | null) => {
    if (!el || !focused.current) return;
    focused.current = false;
    const target = selector ? el.querySelector<HTMLElement>(selector) : el;
    target?.focus();
  };
}

/* ------------------------------------------------------------------------------------------ */

type SegmentedValue = string | number;

interface SegmentedItem<V> {
  value: V;
  label: ReactNode;
  title?: string;
  disabled?: boolean;
  icon?: ReactNode;
}

function segmentedItems<V extends SegmentedValue>(
  options: SegmentedProps<V>['options'],
): SegmentedItem<V>[] {
  return options.map((o) => {
    if (typeof o === 'string' || typeof o === 'number')
      return { value: o as V, label: o, title: String(o) };
    // A labelled option (the generic V hides that it is not a string or a number).
    const labeled = o as {
      value: V;
      label?: ReactNode;
      title?: string;
      disabled?: boolean;
      icon?: ReactNode;
    };
    const label = labeled.label ?? (labeled.icon ? null : labeled.value);
    return {
      value: labeled.value,
      label,
      title:
        labeled.title ??
        (typeof label === 'string' || typeof label === 'number' ? String(label) : undefined),
      disabled: labeled.disabled,
      icon: labeled.icon,
    };
  });
}

/** One segment: a label holding a radio input, as antd's. */
function SegmentedItemView<V>(props: {
  item: SegmentedItem<V>;
  name: string;
  selected: boolean;
  off: boolean;
  block: boolean;
  size: SegmentedProps['size'];
  round: boolean;
  onChoose: () => void;
}) {
  const { item, selected, off, size } = props;
  const label =
    size === 'small'
      ? 'min-h-5 leading-5 px-[7px]'
      : size === 'large'
        ? 'min-h-9 leading-9 px-[11px] text-base'
        : 'min-h-7 leading-7 px-[11px]';
  const radius = props.round
    ? 'rounded-full'
    : size === 'small'
      ? 'rounded-[4px]'
      : size === 'large'
        ? 'rounded-lg'
        : 'rounded-md';
  return (
    <label
      className={cx(
        'ant-segmented-item relative text-center transition-colors',
        radius,
        props.block && 'min-w-0 flex-1',
        selected &&
          'ant-segmented-item-selected bg-[#1c1c23] text-white/88 shadow-[0_1px_2px_0_rgba(0,0,0,0.03),0_1px_6px_-1px_rgba(0,0,0,0.02),0_2px_4px_0_rgba(0,0,0,0.02)]',
        off ? 'ant-segmented-item-disabled cursor-not-allowed text-white/25' : 'cursor-pointer',
        !selected && !off && 'hover:bg-white/12 hover:text-white/88 active:bg-white/18',
      )}
    >
      <input
        className="ant-segmented-item-input pointer-events-none absolute top-0 left-0 h-0 w-0 opacity-0"
        type="radio"
        name={props.name}
        tabIndex={-1}
        disabled={off}
        checked={selected}
        onChange={() => !off && props.onChoose()}
      />
      <div className={cx('ant-segmented-item-label truncate', label)} title={item.title}>
        {item.icon ? <span className="ant-segmented-item-icon">{item.icon}</span> : null}
        {item.icon && item.label !== null ? (
          <span className="ml-1.5">{item.label}</span>
        ) : (
          item.label
        )}
      </div>
    </label>
  );
}

/**
 * antd's `Segmented`: until antd is there, the same track and segments (real radio inputs:
 * a click or an arrow key chooses one and calls `onChange`).
 */
export function Segmented<V extends SegmentedValue = SegmentedValue>(props: SegmentedProps<V>) {
  const antd = useRealAntd();
  const { focused, handlers } = useWaking();
  const items = segmentedItems<V>(props.options);
  const [own, setOwn] = useState<V | undefined>(props.defaultValue ?? items[0]?.value);
  const name = useRef(`lite-segmented-${Math.random().toString(36).slice(2)}`).current;
  if (antd) {
    const Real = antd.Segmented as unknown as (
      p: SegmentedProps<V> & { ref?: unknown },
    ) => ReactNode;
    return (
      <antd.Themed>
        <Real
          {...props}
          defaultValue={props.value === undefined ? own : props.defaultValue}
          ref={focusOnMount(focused)}
        />
      </antd.Themed>
    );
  }
  const {
    options: _options,
    value: _value,
    defaultValue: _defaultValue,
    onChange,
    block,
    size,
    disabled,
    className,
    style,
    vertical: _vertical,
    shape,
    rootClassName: _rootClassName,
    prefixCls: _prefixCls,
    name: _name,
    ...rest
  } = props;
  const value = props.value ?? own;
  const choose = (v: V) => {
    setOwn(v);
    onChange?.(v);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const step = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 }[e.key];
    if (!step || items.length === 0) return;
    e.preventDefault();
    const at = items.findIndex((i) => i.value === value);
    const next = items[(at + step + items.length) % items.length];
    if (next) choose(next.value);
  };
  return (
    <div
      role="radiogroup"
      aria-label="segmented control"
      tabIndex={disabled ? undefined : 0}
      aria-orientation="horizontal"
      {...(rest as Record<string, unknown>)}
      {...handlers}
      onKeyDown={onKeyDown}
      style={style}
      className={cx(
        'ant-segmented p-0.5 text-sm text-white/60 outline-none',
        shape === 'round'
          ? 'rounded-full'
          : size === 'small'
            ? 'rounded-md'
            : size === 'large'
              ? 'rounded-[10px]'
              : 'rounded-lg',
        'bg-[#0b0b0f] focus-visible:outline-4 focus-visible:outline-offset-1 focus-visible:outline-[#332e57]',
        block ? 'ant-segmented-block flex' : 'inline-block',
        disabled && 'ant-segmented-disabled',
        className,
      )}
    >
      <div className="ant-segmented-group relative flex w-full flex-row items-stretch">
        {items.map((item) => (
          <SegmentedItemView
            key={String(item.value)}
            item={item}
            name={name}
            selected={item.value === value}
            off={!!(disabled || item.disabled)}
            block={!!block}
            size={size}
            round={shape === 'round'}
            onChoose={() => choose(item.value)}
          />
        ))}
      </div>
    </div>
  );
}

/* ------------------------------------------------------------------------------------------ */
/** antd's `Switch`: until antd is there, the same pill whose click or Space toggles it. */
export function Switch(props: SwitchProps) {
  const antd = useRealAntd();
  const { focused, handlers } = useWaking();
  const [own, setOwn] = useState(props.defaultChecked ?? props.defaultValue ?? false);
  if (antd) {
    return (
      <antd.Themed>
        <antd.Switch
          {...props}
          defaultChecked={
            props.checked === undefined && props.value === undefined ? own : props.defaultChecked
          }
          autoFocus={props.autoFocus || focused.current}
        />
      </antd.Themed>
    );
  }
  const {
    checked: _checked,
    defaultChecked: _defaultChecked,
    value: _value,
    defaultValue: _defaultValue,
    onChange,
    onClick,
    size,
    loading,
    disabled,
    className,
    checkedChildren,
    unCheckedChildren,
    rootClassName: _rootClassName,
    prefixCls: _prefixCls,
    autoFocus: _autoFocus,
    ...rest
  } = props;
  const checked = props.checked ?? props.value ?? own;
  const small = size === 'small';
  const off = disabled || loading;
  return (
    <button
      {...(rest as Record<string, unknown>)}
      {...handlers}
      type="button"
      role="switch"
      aria-checked={checked}
      disabled={off}
      onClick={(e) => {
        const next = !checked;
        setOwn(next);
        onChange?.(next, e);
        onClick?.(next, e);
      }}
      className={cx(
        'ant-switch relative inline-block shrink-0 cursor-pointer rounded-full border-0 p-0 align-middle transition-colors',
        small ? 'ant-switch-small h-4 min-w-7' : 'h-[22px] min-w-11',
        checked
          ? 'ant-switch-checked bg-[#6c5fd1] hover:bg-[#8a7de6]'
          : 'bg-white/25 hover:bg-white/45',
        off && 'ant-switch-disabled cursor-not-allowed opacity-65',
        loading && 'ant-switch-loading',
        className,
      )}
    >
      <div
        className={cx(
          'ant-switch-handle absolute top-0.5 rounded-full bg-white shadow-[0_2px_4px_0_rgba(0,35,11,0.2)] transition-all',
          small ? 'h-3 w-3' : 'h-[18px] w-[18px]',
          checked ? (small ? 'left-[calc(100%-14px)]' : 'left-[calc(100%-20px)]') : 'left-0.5',
        )}
      />
      <span
        className={cx(
          'ant-switch-inner block overflow-hidden rounded-full text-xs text-white',
          small
            ? checked
              ? 'pr-[18px] pl-1.5'
              : 'pr-1.5 pl-[18px]'
            : checked
              ? 'pr-6 pl-[9px]'
              : 'pr-[9px] pl-6',
          small ? 'h-4 leading-4' : 'h-[22px] leading-[22px]',
        )}
      >
        {checked ? checkedChildren : unCheckedChildren}
      </span>
    </button>
  );
}
