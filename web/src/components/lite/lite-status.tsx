import CheckCircleFilled from '@ant-design/icons-svg/es/asn/CheckCircleFilled';
import CloseCircleFilled from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import type { ProgressProps as AntdProgressProps } from 'antd/es/progress';
import type { SpinProps as AntdSpinProps } from 'antd/es/spin';
import type { CheckableTagProps, TagProps as AntdTagProps } from 'antd/es/tag';
import type { HTMLAttributes, ReactNode } from 'react';
import { Glyph } from '../glyph';

/*
 * antd's status marks (Progress, Spin, Tag) drawn without antd for good: they have no
 * behaviour of antd, so the light views never swap them. Each draws what antd's dark theme
 * draws (measures and colours read from the styles antd generates with `darkTheme`), with
 * antd's class names (`ant-progress`, `ant-spin`, `ant-tag-…`: selectors and the overrides of
 * index.css keep working) and antd's roles and attributes (a progress bar's `aria-valuenow`).
 * The animations' keyframes are in index.css (`lite-progress-active`, `lite-spin-*`).
 */

/** antd's primary colour under the dark algorithm (the accent, one step darker). */
const PRIMARY = '#6c5fd1';
const SUCCESS = '#49aa19';
const ERROR = '#dc4446';

/** The line `Progress` props the app uses (antd's names and meanings). */
export type ProgressProps = Pick<
  AntdProgressProps,
  'percent' | 'showInfo' | 'status' | 'format' | 'className' | 'style'
> & {
  id?: string;
  title?: string;
  /** 'small' (a 6 px bar, 12 px text) or the default (8 px, 14 px). */
  size?: 'small' | 'default';
  /** One colour for the bar (antd's gradients are not drawn). */
  strokeColor?: string;
  'aria-label'?: string;
  'data-testid'?: string;
};

const clamp = (n: number) => (Number.isFinite(n) ? Math.min(100, Math.max(0, n)) : 0);

/** antd's line `Progress`: a rail, the bar, and the percent or the status's icon after it. */
export function Progress(props: ProgressProps) {
  const percent = clamp(props.percent ?? 0);
  const given = props.status;
  // antd: a bar at 100 % with no status of its own is a success.
  const status =
    given && ['normal', 'active', 'success', 'exception'].includes(given)
      ? given
      : percent >= 100
        ? 'success'
        : 'normal';
  const small = props.size === 'small';
  const showInfo = props.showInfo ?? true;
  const colour =
    status === 'exception'
      ? ERROR
      : status === 'success'
        ? SUCCESS
        : (props.strokeColor ?? PRIMARY);
  let text: ReactNode;
  if (props.format) text = props.format(percent);
  else if (status === 'exception') text = <Glyph icon={CloseCircleFilled} />;
  else if (status === 'success') text = <Glyph icon={CheckCircleFilled} />;
  else text = `${percent}%`;
  const textColour =
    status === 'exception' ? 'text-[#dc4446]' : status === 'success' ? 'text-[#49aa19]' : '';
  return (
    <div
      id={props.id}
      title={props.title}
      data-testid={props['data-testid']}
      role="progressbar"
      aria-label={props['aria-label']}
      aria-valuenow={Math.trunc(percent)}
      aria-valuemin={0}
      aria-valuemax={100}
      style={props.style}
      className={`ant-progress ant-progress-status-${status} ant-progress-line${
        showInfo ? ' ant-progress-show-info' : ''
      } ant-progress-${small ? 'small' : 'default'} relative m-0 box-border inline-block w-full p-0 leading-[1.5714285714285714] text-white/88 ${
        small ? 'text-xs' : 'text-sm'
      }${props.className ? ` ${props.className}` : ''}`}
    >
      <div className="ant-progress-outer inline-flex w-full items-center">
        <div className="ant-progress-inner relative inline-block w-full flex-1 overflow-hidden rounded-[100px] bg-white/12 align-middle">
          <div
            className="ant-progress-bg relative overflow-hidden rounded-[100px] transition-all duration-300"
            style={{ width: `${percent}%`, height: small ? 6 : 8, background: colour }}
          >
            {status === 'active' ? (
              <span
                aria-hidden="true"
                className="absolute inset-0 rounded-[100px] bg-[#141419] opacity-0 animate-[lite-progress-active_2.4s_cubic-bezier(0.23,1,0.32,1)_infinite]"
              />
            ) : null}
          </div>
        </div>
        {showInfo ? (
          <span
            title={typeof text === 'string' ? text : undefined}
            className={`ant-progress-text ms-2 inline-block w-max align-middle leading-none whitespace-nowrap text-white/88 ${textColour} ${
              small ? '[&_.anticon]:text-xs' : '[&_.anticon]:text-sm'
            }`}
          >
            {text}
          </span>
        ) : null}
      </div>
    </div>
  );
}

/** The `Spin` props the app uses (antd's names and meanings). */
export type SpinProps = Pick<
  AntdSpinProps,
  'spinning' | 'size' | 'tip' | 'children' | 'className' | 'style' | 'wrapperClassName'
> & {
  'aria-label'?: string;
  'data-testid'?: string;
};

const DOT = { small: 'text-[14px]', default: 'text-[20px]', large: 'text-[32px]' } as const;
const ITEM = {
  small: 'h-[6px] w-[6px]',
  default: 'h-[9px] w-[9px]',
  large: 'h-[14px] w-[14px]',
} as const;
/** Where each dot sits, and when it brightens (antd's delays). */
const DELAYS = [
  'top-0 start-0',
  'top-0 end-0 [animation-delay:0.4s]',
  'bottom-0 end-0 [animation-delay:0.8s]',
  'bottom-0 start-0 [animation-delay:1.2s]',
] as const;

/** antd's four turning dots. */
function Dots({ size }: { size: 'small' | 'default' | 'large' }) {
  return (
    <span
      className={`ant-spin-dot-holder inline-block h-[1em] w-[1em] leading-none text-[#6c5fd1] ${DOT[size]}`}
    >
      <span className="ant-spin-dot relative inline-block h-[1em] w-[1em] [transform:rotate(45deg)] animate-[lite-spin-rotate_1.2s_linear_infinite]">
        {DELAYS.map((at) => (
          <i
            key={at}
            className={`ant-spin-dot-item absolute block scale-75 rounded-full bg-current opacity-30 animate-[lite-spin-move_1s_linear_infinite_alternate] ${ITEM[size]} ${at}`}
          />
        ))}
      </span>
    </span>
  );
}

/** antd's `Spin`: the turning dots alone, or over its children (dimmed) while `spinning`. */
export function Spin(props: SpinProps) {
  const spinning = props.spinning ?? true;
  const size = props.size ?? 'default';
  const sizeClass = size === 'small' ? ' ant-spin-sm' : size === 'large' ? ' ant-spin-lg' : '';
  const attrs: HTMLAttributes<HTMLDivElement> & { 'data-testid'?: string } = {
    'aria-live': 'polite',
    'aria-busy': spinning,
    'aria-label': props['aria-label'],
    'data-testid': props['data-testid'],
  };
  if (props.children === undefined || props.children === null)
    return (
      <div
        {...attrs}
        style={props.style}
        className={`ant-spin${sizeClass}${spinning ? ' ant-spin-spinning' : ''} m-0 p-0 text-center align-middle [font-size:0] leading-[1.5714285714285714] text-[#6c5fd1] ${
          spinning ? 'relative inline-block' : 'hidden'
        }${props.className ? ` ${props.className}` : ''}`}
      >
        <Dots size={size} />
      </div>
    );
  const shift = size === 'small' ? '-m-[7px]' : size === 'large' ? '-m-[16px]' : '-m-[10px]';
  const shiftWithTip =
    size === 'small' ? '-mt-[17px]' : size === 'large' ? '-mt-[26px]' : '-mt-[20px]';
  return (
    <div
      className={`ant-spin-nested-loading relative${
        props.wrapperClassName ? ` ${props.wrapperClassName}` : ''
      }`}
    >
      {spinning ? (
        <div>
          <div
            {...attrs}
            style={props.style}
            className={`ant-spin${sizeClass} ant-spin-spinning${
              props.tip ? ' ant-spin-show-text' : ''
            } absolute start-0 top-0 z-[4] block h-full max-h-[400px] w-full text-center [font-size:0] text-[#6c5fd1]${
              props.className ? ` ${props.className}` : ''
            }`}
          >
            <span
              className={`absolute start-1/2 top-1/2 ${shift} ${props.tip ? shiftWithTip : ''}`}
            >
              <Dots size={size} />
            </span>
            {props.tip ? (
              <div
                className={`ant-spin-text absolute top-1/2 w-full text-sm text-[#6c5fd1] [text-shadow:0_1px_2px_#141419] ${
                  size === 'small' ? 'pt-[2px]' : size === 'large' ? 'pt-[11px]' : 'pt-[5px]'
                }`}
              >
                {props.tip}
              </div>
            ) : null}
          </div>
        </div>
      ) : null}
      <div
        className={`ant-spin-container relative transition-opacity${
          spinning ? ' ant-spin-blur pointer-events-none opacity-50 select-none' : ''
        }`}
      >
        {props.children}
      </div>
    </div>
  );
}

/** antd's dark preset colours: text, background, border. */
const PRESETS: Record<string, readonly [string, string, string]> = {
  blue: ['#3c89e8', '#111a2c', '#15325b'],
  purple: ['#854eca', '#1a1325', '#301c4d'],
  cyan: ['#33bcb7', '#112123', '#144848'],
  green: ['#6abe39', '#162312', '#274916'],
  magenta: ['#e0529c', '#291321', '#551c3b'],
  pink: ['#e0529c', '#291321', '#551c3b'],
  red: ['#e84749', '#2a1215', '#58181c'],
  orange: ['#e89a3c', '#2b1d11', '#593815'],
  yellow: ['#e8d639', '#2b2611', '#595014'],
  volcano: ['#e87040', '#2b1611', '#592716'],
  geekblue: ['#5273e0', '#131629', '#1c2755'],
  lime: ['#a9d134', '#1f2611', '#3e4f13'],
  gold: ['#e8b339', '#2b2111', '#594214'],
  success: ['#49aa19', '#162312', '#274916'],
  processing: ['#6c5fd1', '#1a1a2a', '#332e57'],
  error: ['#dc4446', '#2c1618', '#5b2526'],
  warning: ['#d89614', '#2b2111', '#594214'],
};

const TAG_BASE =
  'ant-tag relative m-0 me-2 box-border inline-block h-auto rounded-md border border-solid px-[7px] text-start text-xs leading-5 whitespace-nowrap opacity-100 transition-all duration-200';

/** The `Tag` props the app uses (antd's names and meanings). */
export type TagProps = Pick<
  AntdTagProps,
  'color' | 'bordered' | 'icon' | 'children' | 'className' | 'style' | 'title' | 'onClick' | 'id'
> & { 'data-testid'?: string };

/** antd's `Tag`: a preset colour's look, a custom colour's fill, or the plain grey tag. */
function TagBase(props: TagProps) {
  const { color, bordered = true, icon, children, className, style, ...rest } = props;
  const preset = color ? PRESETS[color] : undefined;
  const custom = color && !preset && color !== 'default';
  let look: string;
  let colourStyle = style;
  if (preset) {
    look = `ant-tag-${color} [color:var(--tag-text)] [background:var(--tag-bg)] ${
      bordered ? '[border-color:var(--tag-border)]' : 'border-transparent'
    }`;
    colourStyle = {
      '--tag-text': preset[0],
      '--tag-bg': preset[1],
      '--tag-border': preset[2],
      ...style,
    } as typeof style;
  } else if (custom) {
    look = 'ant-tag-has-color border-transparent text-white';
    colourStyle = { backgroundColor: color, ...style };
  } else
    look = `${bordered ? 'border-[#2a2a33]' : 'border-transparent'} bg-[#1d1d22] text-white/88`;
  return (
    <span
      {...rest}
      style={colourStyle}
      className={`${TAG_BASE} ${look}${bordered ? '' : ' ant-tag-borderless'}${
        className ? ` ${className}` : ''
      }`}
    >
      {icon}
      {icon && children !== undefined ? <span className="ms-[7px]">{children}</span> : children}
    </span>
  );
}

/** antd's `Tag.CheckableTag`: a tag that is on or off (the accent's fill when on). */
function CheckableTag(props: CheckableTagProps) {
  const { checked, onChange, onClick, children, className, style, icon } = props;
  return (
    <span
      style={style}
      onClick={(e) => {
        onChange?.(!checked);
        onClick?.(e);
      }}
      className={`${TAG_BASE} ant-tag-checkable cursor-pointer border-transparent ${
        checked
          ? 'ant-tag-checkable-checked bg-[#6c5fd1] text-white hover:bg-[#9b8ee8]'
          : 'bg-transparent text-white/88 hover:bg-white/12 hover:text-[#6c5fd1]'
      } active:bg-[#584da4] active:text-white${className ? ` ${className}` : ''}`}
    >
      {icon}
      {children}
    </span>
  );
}

/** antd's `Tag` with its `CheckableTag`. */
export const Tag = Object.assign(TagBase, { CheckableTag });
