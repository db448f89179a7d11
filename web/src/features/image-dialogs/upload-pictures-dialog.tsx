import Button from 'antd/es/button';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpload } from '../../api/tool-tasks';
import { PicturePicker, type PickedPicture } from '../../components/picture-picker';
import { SheetModal } from '../../components/sheet-modal';
import { useDialogs } from '../../stores/dialogs';

/**
 * Upload images for the image screens (flag `uploadImages`, target `picture`): upload new
 * pictures or pick among one's results and uploads; the opener receives them (a reference on
 * /draw, the starting picture on /sd3, the toolbox's source picture).
 */
export default function UploadPicturesDialog() {
  const { t } = useTranslation();
  const open = useDialogs((s) => s.flags.uploadImages);
  const props = useDialogs((s) => s.props.uploadImages);
  const target = props?.target === 'picture' ? props : null;
  const close = () => useDialogs.getState().close('uploadImages');
  const upload = useUpload();
  const [picked, setPicked] = useState<PickedPicture[]>([]);
  useEffect(() => {
    if (open) setPicked([]);
  }, [open]);
  const max = target?.max ?? 1;
  const uploadAll = async (list: File[]) => {
    const out: PickedPicture[] = [];
    // One at a time: a refused file (shown by the client) does not stop the others.
    for (const file of list) {
      const up = await upload.mutateAsync(file).catch(() => null);
      if (up) out.push({ url: up.url, thumbUrl: up.thumbUrl });
    }
    return out;
  };
  return (
    <SheetModal open={open} onCancel={close} title={t('images:dialogs.upload.title')} width={720}>
      <div className="flex flex-col gap-4" data-testid="dialog-uploadPictures">
        <p className="m-0 text-sm text-white/60">{t('images:dialogs.upload.text', { max })}</p>
        <PicturePicker
          selected={picked}
          max={max}
          onChange={setPicked}
          upload={uploadAll}
          uploading={upload.isPending}
        />
        <div className="flex justify-end gap-2">
          <Button onClick={close}>{t('images:dialogs.close')}</Button>
          <Button
            type="primary"
            data-testid="pictures-use"
            disabled={picked.length === 0}
            onClick={() => {
              target?.onPicked(picked);
              close();
            }}
          >
            {t('images:dialogs.upload.use', { count: picked.length })}
          </Button>
        </div>
      </div>
    </SheetModal>
  );
}
