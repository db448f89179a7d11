import Input from 'antd/es/input';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpload } from '../../api/tool-tasks';
import { MaskPainter } from '../../components/mask-painter';
import { StrengthSlider } from '../../components/strength-slider';
import { ToolDialog, usePictureDialog, useToolRun } from './tool-dialog';

/**
 * Tools redraw (flag `toolsRedraw`): paint the region to redraw over the picture, say what
 * belongs there, and the toolbox's redraw repaints only inside the mask.
 */
export default function ToolsRedrawDialog() {
  const { t } = useTranslation();
  const { picture } = usePictureDialog('toolsRedraw');
  const run = useToolRun(picture?.url);
  const upload = useUpload();
  const [mask, setMask] = useState<Blob | null>(null);
  const [prompt, setPrompt] = useState('');
  const [strength, setStrength] = useState(0.75);
  useEffect(() => {
    setMask(null);
    setPrompt(picture?.prompt ?? '');
  }, [picture?.url, picture?.prompt]);
  const submit = async (p: { url: string }) => {
    if (!mask) return;
    const file = new File([mask], 'mask.png', { type: 'image/png' });
    const { url } = await upload.mutateAsync(file);
    await run.run({ op: 'redraw', image: p.url, mask: url, prompt, strength });
  };
  return (
    <ToolDialog
      name="toolsRedraw"
      op="redraw"
      title={t('images:dialogs.toolsRedraw.title')}
      intro={t('images:dialogs.toolsRedraw.text')}
      submitLabel={
        mask ? t('images:dialogs.toolsRedraw.submit') : t('images:dialogs.toolsRedraw.maskNeeded')
      }
      run={{ ...run, busy: run.busy || upload.isPending }}
      canSubmit={!!mask && prompt.trim() !== ''}
      onSubmit={submit}
    >
      {picture && (
        <div className="flex flex-col gap-3">
          <MaskPainter src={picture.url} hint={t('sd:tools.mask')} onMask={setMask} />
          <Input.TextArea
            aria-label={t('images:dialogs.toolsRedraw.prompt')}
            placeholder={t('images:dialogs.toolsRedraw.prompt')}
            value={prompt}
            maxLength={2000}
            onChange={(e) => setPrompt(e.target.value)}
            autoSize={{ minRows: 2, maxRows: 5 }}
          />
          <StrengthSlider label={t('images:strength')} value={strength} onChange={setStrength} />
        </div>
      )}
    </ToolDialog>
  );
}
