import { UploadOutlined } from '@ant-design/icons';
import type { images } from '@atelier/contracts';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Tag from 'antd/es/tag';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useUploadPicture } from '../../api/image-tasks';
import { PickPicturesButton } from '../pick-pictures-button';

/* Pieces the picture kinds' composers (/draw, /sd3) share. */

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
            {m.name} {m.demo && <Tag color="blue">{t('images:demo')}</Tag>}
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
        icon={<UploadOutlined />}
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
}) {
  const { t } = useTranslation();
  return (
    <Input.TextArea
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      placeholder={t('images:promptPlaceholder')}
      autoSize={{ minRows: 3, maxRows: 8 }}
      maxLength={props.maxLength}
      data-testid={props.testId}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) props.onSubmit();
      }}
    />
  );
}
