import DownOutlined from '@ant-design/icons-svg/es/asn/DownOutlined';
import type { AlertProps } from 'antd/es/alert';
import type { ButtonProps } from 'antd/es/button';
import type { ResultProps } from 'antd/es/result';
import type { SelectProps } from 'antd/es/select';
import type { TabsProps } from 'antd/es/tabs';
import {
  lazy,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ComponentType,
  type ReactNode,
} from 'react';
import { Glyph } from '../glyph';

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

type Real = typeof import('./antd-real');

let real: Real | null = null;
let loading: Promise<Real> | null = null;
const listeners = new Set<() => void>();

/** Loads antd (once); every stand-in renders the real component once it is there. */
export function wakeAntd(): Promise<Real> {
  loading ??= import('./antd-real').then((m) => {
    real = m;
    for (const listener of listeners) listener();
    return m;
  });
  return loading;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** antd's components once loaded, else null. */
export function useRealAntd(): Real | null {
  return useSyncExternalStore(subscribe, () => real);
}

const wake = () => void wakeAntd().catch((error: unknown) => console.warn('antd', error));

/** What wakes antd on a stand-in, and whether it had the focus when the real one replaced it. */
function useWaking() {
  const focused = useRef(false);
  return {
    focused,
    handlers: {
      onPointerEnter: wake,
      onPointerDown: wake,
      onFocus: () => {
        focused.current = true;
        wake();
      },
      onBlur: () => {
        focused.current = false;
      },
    },
  };
}

const BUTTON_BASE =
  'ant-btn inline-flex cursor-pointer items-center justify-center gap-2 border whitespace-nowrap text-sm leading-[21px] transition-colors disabled:cursor-not-allowed disabled:opacity-60';

/** antd's button looks (dark theme) by type and size. */
function buttonLook(props: ButtonProps): string {
  const size =
    props.size === 'small'
      ? 'h-6 rounded-md px-[7px]'
      : props.size === 'large'
        ? 'h-10 rounded-[10px] px-[15px] text-base'
        : 'h-8 rounded-lg px-[15px]';
  const kind =
    props.type === 'primary'
      ? 'border-transparent bg-[#6c5fd1] text-white shadow-[0_2px_0_rgba(135,116,255,0.27)]'
      : props.type === 'link'
        ? 'border-transparent bg-transparent text-[var(--accent-text,#9d91ff)]'
        : props.type === 'text'
          ? 'border-transparent bg-transparent text-white/88'
          : `${props.type === 'dashed' ? 'border-dashed' : ''} border-[#2a2a33] bg-[#141419] text-white/88 shadow-[0_2px_0_rgba(255,255,255,0.04)]`;
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
      className={`${buttonLook(props)}${className ? ` ${className}` : ''}`}
    >
      {icon ? <span className="ant-btn-icon inline-flex">{icon}</span> : null}
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
  const chosen = props.options?.find((o) => o.value === props.value);
  const small = props.size === 'small';
  return (
    <div
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
        {...handlers}
        onClick={() => {
          setOpen(true);
          wake();
        }}
        className={`flex w-full cursor-pointer items-center border border-[#2a2a33] bg-[#141419] text-left ${
          small ? 'rounded-md px-[7px]' : 'rounded-lg px-[11px]'
        }`}
      >
        <span className="ant-select-selection-item min-w-0 flex-1 truncate pr-[21px]">
          {(chosen?.label as ReactNode) ?? null}
        </span>
        <span
          aria-hidden="true"
          className={`pointer-events-none absolute top-1/2 -mt-1.5 flex h-3 text-xs leading-3 text-white/25 ${
            small ? 'right-[7px]' : 'right-[11px]'
          }`}
        >
          <Glyph icon={DownOutlined} />
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
        className="relative mb-4 flex border-b border-[#1f1f27]"
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
              } ${selected ? 'text-[#9d91ff]' : 'text-white/88'}`}
              onClick={() => {
                setOwn(item.key);
                props.onChange?.(item.key);
              }}
            >
              {item.label}
              {selected ? (
                <span className="absolute right-0 bottom-[-1px] left-0 h-0.5 bg-[#6c5fd1]" />
              ) : null}
            </button>
          );
        })}
      </div>
      <div role="tabpanel">{items.find((item) => item.key === active)?.children}</div>
    </div>
  );
}

/** A component with no light look: loads antd when it first shows, nothing until then. */
function onDemand<P extends object>(pick: (antd: Real) => ComponentType<P>) {
  return function OnDemand(props: P) {
    const antd = useRealAntd();
    useEffect(() => {
      if (!antd) wake();
    }, [antd]);
    if (!antd) return null;
    const Component = pick(antd);
    return (
      <antd.Themed>
        <Component {...props} />
      </antd.Themed>
    );
  };
}

/** antd's `Alert`, shown once antd is there (an alert follows an action, which woke it). */
export const Alert = onDemand<AlertProps>((antd) => antd.Alert);
/** antd's `Result`, shown once antd is there. */
export const Result = onDemand<ResultProps>((antd) => antd.Result);

/** antd's empty picture (its default one, in the dark theme's 65 % opacity), drawn without antd. */
export function Empty({ description, className }: { description: ReactNode; className?: string }) {
  return (
    <div className={`ant-empty mx-2 text-center text-sm leading-[22px]${className ? ` ${className}` : ''}`}>
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
              <ellipse fillOpacity=".8" fill="#F5F5F7" cx="67.797" cy="106.89" rx="67.797" ry="12.668" />
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

/** antd's active skeleton (a title and `rows` lines), drawn without antd. */
export function Skeleton({ rows = 3 }: { rows?: number }) {
  return (
    <div className="ant-skeleton flex w-full flex-col gap-4 pt-1" aria-hidden="true">
      <div className="h-4 w-[38%] animate-pulse rounded bg-white/6" />
      {Array.from({ length: rows }, (_, i) => (
        <div
          key={i}
          className={`h-4 animate-pulse rounded bg-white/6 ${i === rows - 1 ? 'w-[61%]' : 'w-full'}`}
        />
      ))}
    </div>
  );
}

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

/** Light stand-ins' props, for modules that pass them on. */
export type { ButtonProps, SelectProps, TabsProps };
export type { ComponentType };
