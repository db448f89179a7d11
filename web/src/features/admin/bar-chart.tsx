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
