import type { InputNumberProps } from 'antd/es/input-number';
import type { SliderSingleProps } from 'antd/es/slider';
import {
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import { useRealAntd, useWaking } from './lite-core';
import { cx } from './lite-controls-shared';

/*
 * antd's `InputNumber` and `Slider` as light stand-ins (`lite-controls.tsx` says how they work).
 */

const decimals = (n: number) => (String(n).split('.')[1] ?? '').length;

/** A number within `min`–`max`, rounded to `precision` (or to the step's decimals). */
function fitNumber(n: number, props: InputNumberProps<number>): number {
  const min = props.min ?? -Infinity;
  const max = props.max ?? Infinity;
  const clamped = Math.min(max, Math.max(min, n));
  const places =
    props.precision ?? Math.max(decimals(props.step ? Number(props.step) : 1), decimals(clamped));
  return Number(clamped.toFixed(Math.min(places, 20)));
}

const shown = (v: number | null | undefined, precision?: number) =>
  v === null || v === undefined ? '' : precision === undefined ? String(v) : v.toFixed(precision);

/**
 * antd's `InputNumber` (numbers): until antd is there, the same field, where typing works at
 * once (a number within the range calls `onChange`; leaving the field fits it to the range and
 * the precision, as antd does) and the arrow keys step.
 */
export function InputNumber(props: InputNumberProps<number>) {
  const antd = useRealAntd();
  const { focused, handlers } = useWaking();
  const [own, setOwn] = useState<number | null>(props.defaultValue ?? null);
  const value = props.value === undefined ? own : props.value;
  const [text, setText] = useState<string | null>(null);
  if (antd) {
    return (
      <antd.Themed>
        <antd.InputNumber<number>
          {...props}
          defaultValue={props.value === undefined ? (own ?? undefined) : props.defaultValue}
          autoFocus={props.autoFocus || focused.current}
        />
      </antd.Themed>
    );
  }
  const set = (v: number | null) => {
    setOwn(v);
    if (v !== value) props.onChange?.(v);
  };
  const typed = (raw: string) => {
    setText(raw);
    const trimmed = raw.trim();
    if (trimmed === '') return set(null);
    const n = Number(trimmed);
    if (!Number.isFinite(n) || /[.e]$/i.test(trimmed) || trimmed === '-') return;
    if ((props.min !== undefined && n < props.min) || (props.max !== undefined && n > props.max))
      return;
    set(props.precision !== undefined ? Number(n.toFixed(props.precision)) : n);
  };
  const stepBy = (sign: 1 | -1) => {
    const step = Number(props.step ?? 1);
    const base = value ?? (sign > 0 ? (props.min ?? 0) - step : (props.max ?? 0) + step);
    const next = fitNumber(base + sign * step, props);
    setText(null);
    set(next);
  };
  const size =
    props.size === 'small'
      ? 'rounded-md text-sm'
      : props.size === 'large'
        ? 'rounded-[10px] text-base'
        : 'rounded-lg text-sm';
  const inputSize =
    props.size === 'small'
      ? 'h-[22px] px-[7px]'
      : props.size === 'large'
        ? 'h-[38px] px-[11px]'
        : 'h-[30px] px-[11px]';
  return (
    <div
      className={cx(
        'ant-input-number inline-block w-[90px] border border-[#2a2a33] bg-[#141419] leading-[22px] text-white/88 transition-colors',
        'hover:border-[var(--accent)] focus-within:border-[var(--accent)] focus-within:shadow-[0_0_0_2px_rgba(124,108,242,0.2)]',
        props.disabled && 'ant-input-number-disabled cursor-not-allowed bg-white/8 text-white/25',
        size,
        props.className,
      )}
      style={props.style}
    >
      <div className="ant-input-number-input-wrap">
        <input
          id={props.id}
          role="spinbutton"
          aria-valuemin={props.min}
          aria-valuemax={props.max}
          aria-valuenow={value ?? undefined}
          aria-label={props['aria-label']}
          autoComplete="off"
          inputMode="decimal"
          className={cx(
            'ant-input-number-input w-full rounded-[inherit] border-0 bg-transparent text-[inherit] outline-none placeholder:text-white/25',
            inputSize,
          )}
          placeholder={props.placeholder}
          disabled={props.disabled}
          readOnly={props.readOnly}
          value={text ?? shown(value, props.precision)}
          {...handlers}
          onChange={(e) => typed(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
              e.preventDefault();
              stepBy(e.key === 'ArrowUp' ? 1 : -1);
            } else if (e.key === 'Enter') props.onPressEnter?.(e);
          }}
          onBlur={() => {
            handlers.onBlur();
            if (text !== null) {
              const n = Number(text.trim());
              if (text.trim() !== '' && Number.isFinite(n)) set(fitNumber(n, props));
              setText(null);
            }
          }}
        />
      </div>
    </div>
  );
}

/* ------------------------------------------------------------------------------------------ */

/**
 * antd's `Slider` (one handle, horizontal): until antd is there, the same rail, track and
 * handle; a press or a drag on it moves the value, and so do the arrow, Page and Home/End keys
 * on the handle. Its tooltip and marks come with antd.
 */
export function Slider(props: SliderSingleProps) {
  const antd = useRealAntd();
  const { focused, handlers } = useWaking();
  const min = props.min ?? 0;
  const max = props.max ?? 100;
  const step = props.step ?? 1;
  const [own, setOwn] = useState<number>(props.defaultValue ?? min);
  const rail = useRef<HTMLDivElement>(null);
  const dragging = useRef(false);
  if (antd) {
    return (
      <antd.Themed>
        <antd.Slider
          {...props}
          defaultValue={props.value === undefined ? own : props.defaultValue}
          autoFocus={props.autoFocus || focused.current}
        />
      </antd.Themed>
    );
  }
  const value = props.value ?? own;
  const fit = (n: number) => {
    const stepped = step === null ? n : Math.round((n - min) / step) * step + min;
    const places = step === null ? 6 : decimals(step) + decimals(min);
    return Number(Math.min(max, Math.max(min, stepped)).toFixed(places));
  };
  const set = (n: number) => {
    const next = fit(n);
    if (next === value) return;
    setOwn(next);
    props.onChange?.(next);
  };
  const at = (e: ReactPointerEvent) => {
    const box = rail.current?.getBoundingClientRect();
    if (!box || box.width === 0) return;
    set(min + ((e.clientX - box.left) / box.width) * (max - min));
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const unit = step ?? (max - min) / 100;
    const next: number | undefined = {
      ArrowRight: value + unit,
      ArrowUp: value + unit,
      ArrowLeft: value - unit,
      ArrowDown: value - unit,
      PageUp: value + unit * 10,
      PageDown: value - unit * 10,
      Home: min,
      End: max,
    }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    set(next);
    props.onChangeComplete?.(fit(next));
  };
  const percent = max > min ? ((value - min) / (max - min)) * 100 : 0;
  return (
    <div
      ref={rail}
      className={cx(
        'ant-slider ant-slider-horizontal group relative mx-[5px] my-[11px] h-3 touch-none py-1',
        props.disabled ? 'ant-slider-disabled cursor-not-allowed' : 'cursor-pointer',
        props.className,
      )}
      style={props.style}
      onPointerEnter={handlers.onPointerEnter}
      onPointerDown={(e) => {
        handlers.onPointerDown();
        if (props.disabled || e.button !== 0) return;
        dragging.current = true;
        e.currentTarget.setPointerCapture(e.pointerId);
        at(e);
      }}
      onPointerMove={(e) => dragging.current && at(e)}
      onPointerUp={() => {
        if (!dragging.current) return;
        dragging.current = false;
        props.onChangeComplete?.(value);
      }}
      onPointerCancel={() => (dragging.current = false)}
    >
      <div className="ant-slider-rail absolute h-1 w-full rounded-sm bg-white/8 transition-colors group-hover:bg-white/12" />
      <div
        className="ant-slider-track absolute h-1 rounded-sm bg-[#332e57] transition-colors group-hover:bg-[#574ca6]"
        style={{ left: 0, width: `${percent}%` }}
      />
      <div
        role="slider"
        tabIndex={props.disabled ? undefined : 0}
        aria-valuemin={min}
        aria-valuemax={max}
        aria-valuenow={value}
        aria-disabled={props.disabled || undefined}
        aria-label={
          (typeof props.ariaLabelForHandle === 'string' ? props.ariaLabelForHandle : undefined) ??
          (props as { 'aria-label'?: string })['aria-label']
        }
        aria-orientation="horizontal"
        className="ant-slider-handle absolute top-[1px] h-2.5 w-2.5 -translate-x-1/2 rounded-full bg-[#1c1c23] shadow-[0_0_0_2px_#332e57] outline-none transition-shadow group-hover:shadow-[0_0_0_2px_#574ca6] focus-visible:shadow-[0_0_0_4px_#7c6cf2]"
        style={{ left: `${percent}%` }}
        onFocus={handlers.onFocus}
        onBlur={handlers.onBlur}
        onKeyDown={onKeyDown}
      />
    </div>
  );
}

/* ------------------------------------------------------------------------------------------ */
