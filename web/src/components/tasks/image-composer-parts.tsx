import UploadOutlined from '@ant-design/icons-svg/es/asn/UploadOutlined';
import type { images } from '@atelier/contracts';
import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useUploadPicture } from '../../api/image-tasks';
import { useEarlyPrompt, type EarlyScreen } from '../../lib/first-paint';
import { Glyph } from '../glyph';
import { Button, Select } from '../lite/lite';
import { PickPicturesButton } from '../pick-pictures-button';

/*
 * Pieces the picture kinds' composers (/draw, /sd3) share, drawn without antd until the visitor
 * reaches for a control (docs/web.md, "First view without antd").
 */

/**
 * antd's text area (dark theme) as a plain textarea: typing never waits for antd or loses the
 * caret to a swap; `[field-sizing:content]` grows it between `min-h` and `max-h` (antd's
 * `autoSize` rows: 22 px a row, 10 px of padding and border).
 */
export const LIGHT_TEXT_AREA =
  'ant-input w-full resize-none rounded-lg border border-[#2a2a33] bg-[#141419] px-[11px] py-1 text-sm leading-[22px] text-white/88 transition-colors [field-sizing:content] placeholder:text-white/25 hover:border-[var(--accent)] focus:border-[var(--accent)] focus:shadow-[0_0_0_2px_rgba(124,108,242,0.2)] focus:outline-none';

/** antd's blue tag (dark theme), drawn without antd: the offline demo's mark. */
function BlueTag({ children }: { children: ReactNode }) {
  return (
    <span className="ant-tag ant-tag-blue me-2 inline-block h-[22px] rounded-md border border-[#15325b] bg-[#111a2c] px-[7px] text-xs leading-5 whitespace-nowrap text-[#3c89e8]">
      {children}
    </span>
  );
}

/** The model picker: each model by name, the offline demo tagged. */
export function ImageModelSelect(props: {
  models: images.ImageModel[];
  model: images.ImageModel | undefined;
  onChange: (modelId: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <Select
      value={props.model?.id}
      onChange={props.onChange}
      aria-label={t('images:model')}
      options={props.models.map((m) => ({
        value: m.id,
        label: (
          <span>
            {m.name} {m.demo && <BlueTag>{t('images:demo')}</BlueTag>}
          </span>
        ),
      }))}
    />
  );
}

/**
 * Adding pictures to a form: upload one from the device (a hidden file input, `testId` for the
 * tests) or pick up to `max` of one's own.
 */
export function AddPictures(props: {
  max: number;
  testId: string;
  onAdd: (urls: string[]) => void;
}) {
  const { t } = useTranslation();
  const upload = useUploadPicture();
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button
        icon={<Glyph icon={UploadOutlined} />}
        loading={upload.isPending}
        onClick={() => input.current?.click()}
      >
        {t('images:addReference')}
      </Button>
      <PickPicturesButton max={props.max} onPicked={props.onAdd} />
      <input
        ref={input}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        hidden
        data-testid={props.testId}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) upload.mutate(file, { onSuccess: (f) => props.onAdd([f.url]) });
        }}
      />
    </>
  );
}

/** The prompt box; Ctrl/⌘ + Enter submits. */
export function ImagePrompt(props: {
  value: string;
  onChange: (prompt: string) => void;
  maxLength: number;
  testId: string;
  onSubmit: () => void;
  /** The screen whose first paint's box hands its text over (docs/web.md, First paint). */
  early: EarlyScreen;
}) {
  const { t } = useTranslation();
  const box = useRef<HTMLTextAreaElement>(null);
  useEarlyPrompt(props.early, () => box.current, props.onChange);
  return (
    <textarea
      ref={box}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      placeholder={t('images:promptPlaceholder')}
      rows={3}
      className={`${LIGHT_TEXT_AREA} max-h-[186px] min-h-[76px]`}
      maxLength={props.maxLength}
      data-testid={props.testId}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) props.onSubmit();
      }}
    />
  );
}
