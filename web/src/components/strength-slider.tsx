import { Slider } from './lite/lite-forms';

/** How much a repaint may change (0.05–1 by 0.05, or from `min`), its value in numbers. */
export function StrengthSlider(props: {
  label: string;
  value: number;
  onChange: (v: number) => void;
  min?: number;
}) {
  return (
    <label className="flex items-center gap-3 text-sm text-white/70">
      {props.label}
      <Slider
        className="flex-1"
        min={props.min ?? 0.05}
        max={1}
        step={0.05}
        value={props.value}
        onChange={props.onChange}
      />
      <span className="w-10 tabular-nums">{props.value.toFixed(2)}</span>
    </label>
  );
}
