import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/lite/lite';
import { uploadFrame } from './video-api';

/** A first or last frame: upload a picture (or it was filled from a result), preview, remove. */
export function FramePicker(props: {
  label: string;
  value: string | undefined;
  onChange: (url: string | undefined) => void;
  disabledReason?: string;
  testId: string;
}) {
  const { t } = useTranslation(['video']);
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const pick = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    try {
      props.onChange((await uploadFrame(file)).url);
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <div className="flex flex-col gap-1">
      <span className="text-xs text-white/60">{props.label}</span>
      {props.value ? (
        <div className="flex items-center gap-2">
          <img src={props.value} alt={props.label} className="h-16 w-16 rounded object-cover" />
          <Button size="small" onClick={() => props.onChange(undefined)}>
            {t('video:removeImage')}
          </Button>
        </div>
      ) : (
        <>
          <input
            ref={input}
            type="file"
            accept="image/png,image/jpeg,image/webp"
            className="hidden"
            data-testid={props.testId}
            onChange={(e) => void pick(e.target.files?.[0])}
          />
          <Button
            size="small"
            loading={busy}
            disabled={!!props.disabledReason}
            title={props.disabledReason}
            onClick={() => input.current?.click()}
          >
            {t('video:pickImage')}
          </Button>
          {props.disabledReason && (
            <span className="text-xs text-white/60">{props.disabledReason}</span>
          )}
        </>
      )}
    </div>
  );
}

/**
 * Reference pictures for reference-to-video (Vidu): up to the model's `options.references`,
 * each picked like a frame; shown only for a model that takes them.
 */
export function References(props: {
  max: number;
  value: string[];
  onChange: (refs: string[]) => void;
}) {
  const { t } = useTranslation(['video']);
  const { max, value, onChange } = props;
  return (
    <div className="flex flex-col gap-1" data-testid="video-references">
      <span className="text-xs text-white/60">{t('video:referencesHint', { max })}</span>
      <div className="flex flex-wrap gap-3">
        {[...value, ...(value.length < max ? [undefined] : [])].map((url, i) => (
          <FramePicker
            key={url ?? `slot-${i}`}
            testId={`video-reference-${i + 1}`}
            label={t('video:reference', { n: i + 1 })}
            value={url}
            onChange={(u) =>
              onChange(
                u
                  ? [...value.slice(0, i), u, ...value.slice(i + 1)]
                  : value.filter((_, j) => j !== i),
              )
            }
          />
        ))}
      </div>
    </div>
  );
}
