import type { sd } from '@atelier/contracts';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import type { SdValues } from './sd-defaults';

/** The label key of each field (kept literal for the locale check). */
const LABELS: Record<sd.SdFieldName, string> = {
  prompt: 'sd:field.prompt',
  negativePrompt: 'sd:field.negativePrompt',
  seed: 'sd:field.seed',
  steps: 'sd:field.steps',
  cfgScale: 'sd:field.cfgScale',
  sampler: 'sd:field.sampler',
  width: 'sd:field.width',
  height: 'sd:field.height',
};

/** The form of one model, built from the fields it exposes. */
export function SdForm(props: {
  fields: sd.SdField[];
  values: Partial<SdValues>;
  onChange: (values: Partial<SdValues>) => void;
  credits: number;
  busy: boolean;
  onSubmit: () => void;
}) {
  const { t } = useTranslation();
  const set = (name: sd.SdFieldName, v: string | number | null) =>
    props.onChange({ ...props.values, [name]: v ?? '' });
  const promptMissing = String(props.values.prompt ?? '').trim() === '';
  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        if (!promptMissing) props.onSubmit();
      }}
    >
      {props.fields.map((f) => {
        const id = `sd-field-${f.name}`;
        const label = (
          <label htmlFor={id} className="text-sm text-white/70">
            {t(LABELS[f.name])}
          </label>
        );
        if (f.type === 'select')
          return (
            <div key={f.name} className="flex flex-col gap-1">
              {label}
              <Select
                id={id}
                value={String(props.values[f.name] ?? f.default)}
                options={(f.options ?? []).map((o) => ({ value: o, label: o }))}
                onChange={(v) => set(f.name, v)}
              />
            </div>
          );
        if (f.type === 'number')
          return (
            <div key={f.name} className="flex flex-col gap-1">
              {label}
              <InputNumber
                id={id}
                className="!w-full"
                min={f.min}
                max={f.max}
                step={f.step}
                value={Number(props.values[f.name] ?? f.default)}
                onChange={(v) => set(f.name, v)}
              />
            </div>
          );
        return (
          <div key={f.name} className="flex flex-col gap-1">
            {label}
            <Input.TextArea
              id={id}
              autoSize={{ minRows: f.name === 'prompt' ? 3 : 2, maxRows: 8 }}
              value={String(props.values[f.name] ?? '')}
              onChange={(e) => set(f.name, e.target.value)}
            />
            {f.name === 'prompt' && promptMissing && (
              <span className="text-xs text-white/60">{t('sd:field.promptRequired')}</span>
            )}
          </div>
        );
      })}
      <Button type="primary" htmlType="submit" loading={props.busy} disabled={promptMissing}>
        {t('sd:submit', { credits: props.credits })}
      </Button>
    </form>
  );
}
