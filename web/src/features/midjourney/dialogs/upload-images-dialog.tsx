import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DrawPrice } from '../draw-price';
import { submitDraw } from '../mj-data';
import { refLimits, useComposer, type RefImage } from '../mj-store';
import { MjModal, PicturePicker, useBusy, useDialog, DialogActions } from './common';

/**
 * Upload images (flag `uploadImages`): pick or upload pictures for the composer's image
 * prompts, character or style references, or one picture to describe (four prompts read from it).
 */
export default function UploadImagesDialog() {
  const { t } = useTranslation();
  const { open, props, close } = useDialog('uploadImages');
  // Pictures for another screen (`picture`) are the image screens' dialog's.
  const target = !props || props.target === 'picture' ? 'imageUrls' : props.target;
  const refs = useComposer((s) => s.refs);
  const current = target === 'describe' ? [] : refs[target];
  const [picked, setPicked] = useState<RefImage[]>([]);
  const [sending, whileSending] = useBusy();
  useEffect(() => {
    if (open) setPicked([]);
  }, [open, target]);
  const max = target === 'describe' ? 1 : refLimits[target] - current.length;
  const title =
    target === 'describe'
      ? t('midjourney:dialogs.upload.describeTitle')
      : target === 'crefUrls'
        ? t('midjourney:refs.crefUrls')
        : target === 'srefUrls'
          ? t('midjourney:refs.srefUrls')
          : t('midjourney:refs.imageUrls');
  const confirm = async () => {
    if (target !== 'describe') {
      for (const image of picked) useComposer.getState().addRef(target, image);
      close();
      return;
    }
    const image = picked[0];
    if (!image) return;
    await whileSending(async () => {
      await submitDraw({
        type: 'describe',
        modelId: useComposer.getState().modelId,
        image: image.url,
      });
      close();
    });
  };
  return (
    <MjModal open={open} onCancel={close} title={title} width={720}>
      <div className="flex flex-col gap-4">
        <p className="m-0 text-sm text-white/60">
          {target === 'describe'
            ? t('midjourney:dialogs.upload.describeText')
            : target === 'crefUrls'
              ? t('midjourney:dialogs.upload.crefText')
              : target === 'srefUrls'
                ? t('midjourney:dialogs.upload.srefText')
                : t('midjourney:dialogs.upload.imageText')}
        </p>
        {max > 0 ? (
          <PicturePicker selected={picked} max={max} onChange={setPicked} />
        ) : (
          <p className="m-0 text-sm text-amber-300">{t('midjourney:dialogs.upload.full')}</p>
        )}
        <DialogActions
          onCancel={close}
          onSubmit={() => void confirm()}
          disabled={picked.length === 0}
          loading={sending}
          label={
            target === 'describe'
              ? t('midjourney:dialogs.upload.describe')
              : t('midjourney:dialogs.upload.add', { count: picked.length })
          }
        >
          {target === 'describe' ? <DrawPrice action="describe" /> : null}
        </DialogActions>
      </div>
    </MjModal>
  );
}
