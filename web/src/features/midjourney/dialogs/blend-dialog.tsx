import type { drawing } from '@atelier/contracts';
import Segmented from 'antd/es/segmented';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DrawPrice } from '../draw-price';
import { submitDraw } from '../mj-data';
import { useComposer, type RefImage } from '../mj-store';
import { MjModal, PicturePicker, useBusy, useDialog, DialogActions } from './common';

/** Blend (flag `blend`): 2–5 of one's pictures into one, in a portrait, square or landscape frame. */
export default function BlendDialog() {
  const { t } = useTranslation();
  const { open, close } = useDialog('blend');
  const [images, setImages] = useState<RefImage[]>([]);
  const [dimensions, setDimensions] = useState<(typeof drawing.blendDimensions)[number]>('SQUARE');
  const [sending, whileSending] = useBusy();
  const send = async () => {
    await whileSending(async () => {
      await submitDraw({
        type: 'blend',
        modelId: useComposer.getState().modelId,
        images: images.map((i) => i.url),
        dimensions,
      });
      setImages([]);
      close();
    });
  };
  return (
    <MjModal open={open} onCancel={close} title={t('midjourney:dialogs.blend.title')}>
      <div className="flex flex-col gap-4">
        <p className="m-0 text-sm text-white/60">{t('midjourney:dialogs.blend.text')}</p>
        <PicturePicker selected={images} max={5} onChange={setImages} />
        <Segmented
          value={dimensions}
          onChange={(v) => setDimensions(v as typeof dimensions)}
          options={[
            { value: 'PORTRAIT', label: t('midjourney:dialogs.blend.portrait') },
            { value: 'SQUARE', label: t('midjourney:dialogs.blend.square') },
            { value: 'LANDSCAPE', label: t('midjourney:dialogs.blend.landscape') },
          ]}
        />
        <DialogActions
          onCancel={close}
          onSubmit={() => void send()}
          disabled={images.length < 2}
          loading={sending}
          label={
            images.length < 2
              ? t('midjourney:dialogs.blend.needTwo')
              : t('midjourney:dialogs.blend.submit', { count: images.length })
          }
        >
          <DrawPrice action="blend" />
        </DialogActions>
      </div>
    </MjModal>
  );
}
