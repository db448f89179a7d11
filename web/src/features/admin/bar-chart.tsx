/** A small bar chart drawn as SVG (no chart library in the bundle): one bar per point. */
export function BarChart(props: {
  title: string;
  points: Array<{ label: string; value: number }>;
  format?: (n: number) => string;
  color?: string;
}) {
  const max = Math.max(1, ...props.points.map((p) => p.value));
  const total = props.points.reduce((s, p) => s + p.value, 0);
  const fmt = props.format ?? ((n: number) => String(n));
  const w = 300;
  const h = 100;
  const step = w / Math.max(1, props.points.length);
  return (
    <figure className="m-0 flex flex-col gap-1 rounded-lg border border-white/10 p-3">
      <figcaption className="flex justify-between text-sm">
        <span>{props.title}</span>
        <strong>{fmt(total)}</strong>
      </figcaption>
      <svg viewBox={`0 0 ${w} ${h}`} className="h-28 w-full" role="img" aria-label={props.title}>
        {props.points.map((p, i) => {
          const bh = (p.value / max) * (h - 4);
          return (
            <rect
              key={p.label}
              x={i * step + step * 0.15}
              y={h - bh}
              width={step * 0.7}
              height={Math.max(bh, p.value > 0 ? 1 : 0)}
              fill={props.color ?? '#4f8cff'}
            >
              <title>{`${p.label}: ${fmt(p.value)}`}</title>
            </rect>
          );
        })}
      </svg>
      <div className="flex justify-between text-xs opacity-60">
        <span>{props.points[0]?.label}</span>
        <span>{fmt(max)}</span>
        <span>{props.points.at(-1)?.label}</span>
      </div>
    </figure>
  );
}

/**
 * Named amounts (credits per kind): one row per name, each with its label, its bar and its value,
 * so that every bar is named at any width (a column chart names only its ends).
 */
export function LabelledBars(props: {
  title: string;
  points: Array<{ label: string; value: number }>;
  color?: string;
}) {
  const max = Math.max(1, ...props.points.map((p) => p.value));
  const total = props.points.reduce((s, p) => s + p.value, 0);
  return (
    <figure className="m-0 flex flex-col gap-1 rounded-lg border border-white/10 p-3">
      <figcaption className="flex justify-between text-sm">
        <span>{props.title}</span>
        <strong>{total}</strong>
      </figcaption>
      <ul className="m-0 flex list-none flex-col gap-1 p-0" aria-label={props.title}>
        {props.points.map((p) => (
          <li
            key={p.label}
            className="grid grid-cols-[minmax(4rem,9rem)_1fr_auto] items-center gap-2 text-xs"
          >
            <span className="truncate" title={p.label}>
              {p.label}
            </span>
            <span className="h-3 rounded-sm bg-white/5">
              <span
                className="block h-full rounded-sm"
                style={{
                  width: `${(p.value / max) * 100}%`,
                  minWidth: p.value > 0 ? 2 : 0,
                  background: props.color ?? '#4f8cff',
                }}
              />
            </span>
            <span className="tabular-nums opacity-80">{p.value}</span>
          </li>
        ))}
      </ul>
    </figure>
  );
}
