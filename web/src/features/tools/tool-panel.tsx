import { TaskStatus, type sd } from '@atelier/contracts';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, TextArea } from '../../components/lite/lite';
import { Segmented } from '../../components/lite/lite-forms';
import { notify } from '../../lib/notify';
import { PicturePicker } from './picture-picker';
import { useToolSubmit, useToolTask, useUpload } from '../../api/tool-tasks';
import { ToolResult, ToolTaskState } from '../../components/tool-task-view';

/*
 * What the first view (upscale) does not draw loads when first shown: the mask painter and the
 * strength slider (remix, redraw) and a result's actions (in the viewer).
 */
const MaskPainter = lazy(() =>
  import('../../components/mask-painter').then((m) => ({ default: m.MaskPainter })),
);
const StrengthSlider = lazy(() =>
  import('../../components/strength-slider').then((m) => ({ default: m.StrengthSlider })),
);
const PictureToolActions = lazy(() =>
  import('../../components/picture-actions').then((m) => ({ default: m.PictureToolActions })),
);

/** The viewer's actions on a result: work on it next, or open a dialog of the image screens. */
function ResultActions(props: {
  picture: { url: string; prompt: string };
  close: () => void;
  useAsSource: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        size="small"
        data-testid="tool-use-result"
        onClick={() => {
          props.close();
          props.useAsSource();
        }}
      >
        {t('images:useAsReference')}
      </Button>
      <Suspense fallback={null}>
        <PictureToolActions picture={props.picture} before={props.close} />
      </Suspense>
    </div>
  );
}

/** Remix and redraw: what to paint, and how much may change. */
function RepaintFields(props: {
  prompt: string;
  setPrompt: (p: string) => void;
  strength: number;
  setStrength: (s: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextArea
        aria-label={t('sd:tools.prompt')}
        placeholder={t('sd:tools.prompt')}
        value={props.prompt}
        onChange={(e) => props.setPrompt(e.target.value)}
        autoSize={{ minRows: 2 }}
      />
      <Suspense fallback={<div className="h-[38px]" />}>
        <StrengthSlider
          label={t('sd:tools.strength')}
          value={props.strength}
          onChange={props.setStrength}
        />
      </Suspense>
    </>
  );
}

/** One operation: its picture(s), its options, the cost, then before/after of the result. */
export function ToolPanel(props: {
  op: sd.ToolOp;
  credits: number;
  image: string | null;
  setImage: (u: string) => void;
  /** The prompt another screen sent along (remix / redraw start from it). */
  prompt: string;
}) {
  const { t } = useTranslation();
  const { op, image } = props;
  const [face, setFace] = useState<string | null>(null);
  const [mask, setMask] = useState<Blob | null>(null);
  const [prompt, setPrompt] = useState(props.prompt);
  const [scale, setScale] = useState<2 | 4>(2);
  const [strength, setStrength] = useState(0.6);
  const [taskId, setTaskId] = useState<number | null>(null);
  const submit = useToolSubmit();
  const upload = useUpload();
  const task = useToolTask(taskId).data;
  const result = task?.status === TaskStatus.succeeded ? task.images[0] : undefined;
  const masked = op === 'redraw' || op === 'remix';

  const run = async () => {
    if (!image) return;
    if (op === 'redraw' && !mask) return notify.error(t('sd:tools.maskNeeded'));
    if (op === 'faceswap' && !face) return notify.error(t('sd:tools.faceNeeded'));
    const maskUrl =
      masked && mask
        ? (await upload.mutateAsync(new File([mask], 'mask.png', { type: 'image/png' }))).url
        : undefined;
    const out = await submit.mutateAsync({
      op,
      image,
      ...(maskUrl ? { mask: maskUrl } : {}),
      ...(face ? { face } : {}),
      ...(masked ? { prompt, strength } : {}),
      ...(op === 'upscale' ? { scale } : {}),
    });
    setTaskId(out.id);
  };

  return (
    <div className="flex flex-col gap-4 lg:flex-row lg:items-start">
      <div className="flex w-full flex-col gap-3 lg:w-[380px] lg:shrink-0">
        <PicturePicker
          label={t('sd:tools.upload')}
          value={image}
          onChange={props.setImage}
          pick
          testId="tool-upload"
        />
        {op === 'faceswap' && (
          <PicturePicker
            label={t('sd:tools.uploadFace')}
            value={face}
            onChange={setFace}
            testId="tool-face"
          />
        )}
        {op === 'upscale' && (
          <label className="flex items-center gap-3 text-sm text-white/70">
            {t('sd:tools.scale')}
            <Segmented<2 | 4>
              value={scale}
              onChange={setScale}
              options={[
                { value: 2, label: '2×' },
                { value: 4, label: '4×' },
              ]}
            />
          </label>
        )}
        {masked && (
          <RepaintFields
            prompt={prompt}
            setPrompt={setPrompt}
            strength={strength}
            setStrength={setStrength}
          />
        )}
        <Button
          type="primary"
          disabled={!image}
          loading={submit.isPending || upload.isPending}
          onClick={() => void run()}
        >
          {t('sd:tools.run', { credits: props.credits })}
        </Button>
        {task && <ToolTaskState task={task} />}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        {image && masked && !result && (
          <Suspense fallback={null}>
            <MaskPainter src={image} hint={t('sd:tools.mask')} onMask={setMask} />
          </Suspense>
        )}
        {image && !masked && !result && (
          <img src={image} alt="" className="max-h-[60vh] self-start rounded" />
        )}
        {image && result && task && (
          <ToolResult
            op={op}
            before={image}
            after={result.url}
            id={task.id}
            details={(close) => (
              <ResultActions
                picture={{ url: result.url, prompt }}
                close={close}
                useAsSource={() => {
                  setTaskId(null);
                  props.setImage(result.url);
                }}
              />
            )}
          />
        )}
      </div>
    </div>
  );
}
