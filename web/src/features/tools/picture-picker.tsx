import UploadOutlined from '@ant-design/icons-svg/es/asn/UploadOutlined';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Glyph } from '../../components/glyph';
import { Button } from '../../components/lite/lite';
import { useMyPictures, useUpload } from '../../api/tool-tasks';
import { PickPicturesButton } from '../../components/pick-pictures-button';

/** Upload a picture, or pick one of the caller's finished pictures. */
export function PicturePicker(props: {
  label: string;
  value: string | null;
  onChange: (url: string) => void;
  pick?: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUpload();
  const mine = useMyPictures();
  return (
    <div className="flex flex-col gap-2">
      <input
        ref={input}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        className="hidden"
        data-testid={props.testId}
        onChange={(e) => {
          const f = e.target.files?.[0];
          if (f) upload.mutate(f, { onSuccess: (u) => props.onChange(u.url) });
          e.target.value = '';
        }}
      />
      <Button
        icon={<Glyph icon={UploadOutlined} />}
        loading={upload.isPending}
        onClick={() => input.current?.click()}
      >
        {props.label}
      </Button>
      <PickPicturesButton max={1} onPicked={([url]) => url && props.onChange(url)} />
      {/* Without the list of the caller's pictures, nothing else would show what was chosen. */}
      {!props.pick && props.value && (
        <img
          src={props.value}
          alt={t('sd:tools.chosen')}
          data-testid={`${props.testId}-chosen`}
          className="block size-16 rounded object-cover"
        />
      )}
      {props.pick && (
        <>
          <p className="m-0 text-xs text-white/55">{t('sd:tools.pick')}</p>
          {mine.data?.length === 0 && (
            <p className="m-0 text-xs text-white/60">{t('sd:tools.noPick')}</p>
          )}
          <ul className="m-0 flex list-none gap-2 overflow-x-auto p-0">
            {mine.data?.slice(0, 12).map((p) => (
              <li key={p.url} className="shrink-0">
                <button
                  type="button"
                  aria-pressed={props.value === p.url}
                  onClick={() => props.onChange(p.url)}
                  className={`cursor-pointer rounded border-2 bg-transparent p-0 ${props.value === p.url ? 'border-blue-400' : 'border-transparent'}`}
                >
                  <img src={p.thumbUrl} alt="" className="block size-16 rounded object-cover" />
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
