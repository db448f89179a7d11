import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { submitDraw } from '../mj-data';
import { useComposer, type RefImage } from '../mj-store';
import { MjModal, PicturePicker, useBusy, useDialog, DialogActions } from './common';

/** Face swap (flag `faceSwap`): the face of one picture onto the person of another. */
export default function FaceSwapDialog() {
  const { t } = useTranslation();
  const { open, close } = useDialog('faceSwap');
  const [source, setSource] = useState<RefImage[]>([]);
  const [target, setTarget] = useState<RefImage[]>([]);
  const [sending, whileSending] = useBusy();
  const send = async () => {
    const [face, onto] = [source[0], target[0]];
    if (!face || !onto) return;
    await whileSending(async () => {
      await submitDraw({
        type: 'faceswap',
        modelId: useComposer.getState().modelId,
        source: face.url,
        target: onto.url,
      });
      setSource([]);
      setTarget([]);
      close();
    });
  };
  return (
    <MjModal
      open={open}
      onCancel={close}
      title={t('midjourney:dialogs.faceSwap.title')}
      width={820}
    >
      <div className="flex flex-col gap-4">
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          <section className="flex flex-col gap-2">
            <h3 className="m-0 text-sm font-medium text-white/80">
              {t('midjourney:dialogs.faceSwap.source')}
            </h3>
            <PicturePicker selected={source} max={1} onChange={setSource} />
          </section>
          <section className="flex flex-col gap-2">
            <h3 className="m-0 text-sm font-medium text-white/80">
              {t('midjourney:dialogs.faceSwap.target')}
            </h3>
            <PicturePicker selected={target} max={1} onChange={setTarget} />
          </section>
        </div>
        <DialogActions
          onCancel={close}
          onSubmit={() => void send()}
          disabled={!source[0] || !target[0]}
          loading={sending}
          label={t('midjourney:dialogs.faceSwap.submit')}
        />
      </div>
    </MjModal>
  );
}
