/**
 * antd's `Segmented` (block, two or more options) drawn and used without antd: a radio group
 * with antd's class names and looks (dark theme), so the separation screen's first view fetches
 * no antd. The arrow keys move the choice as antd's do.
 */
export function ModeSwitch<V extends string>(props: {
  value: V;
  onChange: (value: V) => void;
  options: { value: V; label: string }[];
}) {
  const index = props.options.findIndex((o) => o.value === props.value);
  const move = (step: number) => {
    const next = props.options[(index + step + props.options.length) % props.options.length];
    if (next) props.onChange(next.value);
  };
  return (
    <div
      role="radiogroup"
      aria-orientation="horizontal"
      tabIndex={0}
      onKeyDown={(e) => {
        if (e.key === 'ArrowRight' || e.key === 'ArrowDown') move(1);
        else if (e.key === 'ArrowLeft' || e.key === 'ArrowUp') move(-1);
        else return;
        e.preventDefault();
      }}
      className="ant-segmented ant-segmented-block box-border flex rounded-lg bg-[#0b0b0f] p-[2px] text-sm leading-[1.5714285714285714] text-white/60 transition-all focus-visible:outline-[3px] focus-visible:outline-offset-1 focus-visible:outline-[#332e57]"
    >
      <div className="ant-segmented-group relative flex w-full items-stretch">
        {props.options.map((o) => {
          const selected = o.value === props.value;
          return (
            <label
              key={o.value}
              className={`ant-segmented-item relative min-w-0 flex-1 cursor-pointer rounded-md text-center transition-colors ${
                selected
                  ? 'ant-segmented-item-selected bg-[#1c1c23] text-white/88 shadow-[0_1px_2px_0_rgba(0,0,0,0.03),0_1px_6px_-1px_rgba(0,0,0,0.02),0_2px_4px_0_rgba(0,0,0,0.02)]'
                  : 'hover:text-white/88'
              }`}
            >
              <input
                type="radio"
                className="ant-segmented-item-input pointer-events-none absolute start-0 top-0 h-0 w-0 opacity-0"
                checked={selected}
                tabIndex={-1}
                onChange={() => props.onChange(o.value)}
              />
              <div
                className="ant-segmented-item-label min-h-7 truncate px-[11px] leading-7"
                title={o.label}
              >
                {o.label}
              </div>
            </label>
          );
        })}
      </div>
    </div>
  );
}
