import { CheckOutlined, UploadOutlined } from '@ant-design/icons';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Segmented from 'antd/es/segmented';
import Skeleton from 'antd/es/skeleton';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMyImages, useMyUploads } from '../api/my-pictures';
import { LazyImage } from './lazy-image';

type Source = 'mine' | 'uploads';

/** A picture picked: its link and thumbnail. */
export interface PickedPicture {
  url: string;
  thumbUrl: string;
}

/**
 * Pick pictures: upload new ones (`upload`, the caller's), or choose among one's results
 * (`queryImg`) and uploads (`/upload/piclist`). `selected` are urls; `max` limits how many.
 */
export function PicturePicker(props: {
  selected: PickedPicture[];
  max: number;
  onChange: (next: PickedPicture[]) => void;
  upload: (files: File[]) => Promise<PickedPicture[]>;
  uploading: boolean;
}) {
  const { t } = useTranslation();
  const [source, setSource] = useState<Source>('mine');
  const input = useRef<HTMLInputElement>(null);
  const mine = useMyImages(source === 'mine');
  const uploads = useMyUploads(source === 'uploads');
  const list: PickedPicture[] =
    source === 'mine'
      ? (mine.data ?? []).map((m) => ({ url: m.image.url, thumbUrl: m.image.thumbUrl }))
      : (uploads.data ?? []).map((u) => ({ url: u.url, thumbUrl: u.thumbUrl }));
  const query = source === 'mine' ? mine : uploads;
  const has = (url: string) => props.selected.some((s) => s.url === url);
  const toggle = (image: PickedPicture) => {
    if (has(image.url)) props.onChange(props.selected.filter((s) => s.url !== image.url));
    else if (props.selected.length < props.max) props.onChange([...props.selected, image]);
    else if (props.max === 1) props.onChange([image]);
  };
  const upload = async (picked: FileList) => {
    const added = await props.upload([...picked].slice(0, props.max));
    if (added.length > 0) {
      props.onChange([...props.selected, ...added].slice(-props.max));
      void uploads.refetch();
    }
  };
  return (
    <div
      className="flex flex-col gap-3"
      onDragOver={(e) => e.preventDefault()}
      onDrop={(e) => {
        e.preventDefault();
        if (e.dataTransfer.files.length > 0) void upload(e.dataTransfer.files);
      }}
    >
      <div className="flex flex-wrap items-center gap-2">
        <Segmented
          size="small"
          value={source}
          onChange={(v) => setSource(v as Source)}
          options={[
            { value: 'mine', label: t('midjourney:picker.mine') },
            { value: 'uploads', label: t('midjourney:picker.uploads') },
          ]}
        />
        <Button
          size="small"
          icon={<UploadOutlined />}
          loading={props.uploading}
          onClick={() => input.current?.click()}
        >
          {t('midjourney:picker.upload')}
        </Button>
        <span className="text-xs text-white/55">
          {t('midjourney:picker.count', { count: props.selected.length, max: props.max })}
        </span>
        <input
          ref={input}
          type="file"
          hidden
          multiple={props.max > 1}
          accept="image/png,image/jpeg,image/webp,image/gif"
          onChange={(e) => {
            if (e.target.files) void upload(e.target.files);
            e.target.value = '';
          }}
        />
      </div>
      {query.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : list.length === 0 ? (
        <Empty description={t('midjourney:picker.empty')} />
      ) : (
        <div className="grid max-h-[50vh] grid-cols-3 gap-2 overflow-y-auto sm:grid-cols-5">
          {list.map((image) => {
            const on = has(image.url);
            return (
              <button
                key={image.url}
                type="button"
                aria-pressed={on}
                data-testid="mj-pick"
                className={`relative cursor-pointer overflow-hidden rounded-md border-2 bg-transparent p-0 ${
                  on ? 'border-violet-400' : 'border-transparent'
                }`}
                onClick={() => toggle(image)}
              >
                <LazyImage
                  src={image.thumbUrl || image.url}
                  alt=""
                  frameClassName="aspect-square w-full"
                  className="h-full w-full object-cover"
                />
                {on ? (
                  <CheckOutlined className="absolute top-1 right-1 rounded-full bg-violet-500 p-1 text-xs text-white" />
                ) : null}
              </button>
            );
          })}
        </div>
      )}
    </div>
  );
}
