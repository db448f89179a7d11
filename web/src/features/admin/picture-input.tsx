import { UploadOutlined } from '@ant-design/icons';
import { Button, Input, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { files } from '@atelier/contracts/full';
import { useSitePictureUpload } from './admin-api';

/**
 * A picture's address with an upload button and a preview (the site form's logo and icon).
 * The server decides what a picture is by its bytes; `accept` only narrows the file chooser.
 * A failed upload is told by the client's error handler and leaves the address as it was.
 */
export function PictureInput(props: { value?: string; onChange?: (value: string) => void }) {
  const { t } = useTranslation();
  const upload = useSitePictureUpload();
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center gap-3">
        <div className="flex h-16 w-16 shrink-0 items-center justify-center rounded border border-solid border-white/15 bg-black/30">
          {props.value ? (
            <img
              src={props.value}
              alt={t('admin:picture.preview')}
              data-testid="picture-preview"
              className="max-h-14 max-w-14 object-contain"
            />
          ) : (
            <span className="px-1 text-center text-xs text-white/50">
              {t('admin:picture.none')}
            </span>
          )}
        </div>
        <Upload
          accept={files.uploadMimes.join(',')}
          showUploadList={false}
          beforeUpload={(file) => {
            upload.mutate(file, { onSuccess: (stored) => props.onChange?.(stored.url) });
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={upload.isPending}>
            {t('admin:picture.upload')}
          </Button>
        </Upload>
      </div>
      <Input value={props.value ?? ''} onChange={(e) => props.onChange?.(e.target.value)} />
      <span className="text-xs text-white/50">{t('admin:picture.hint')}</span>
    </div>
  );
}
