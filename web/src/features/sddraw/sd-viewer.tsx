import type { sd } from '@atelier/contracts';
import Button from 'antd/es/button';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ImageViewer } from '../../components/image-viewer';
import { PictureToolActions } from '../../components/picture-actions';

/**
 * A picture of the square opened: the viewer with its prompt and parameters, "draw again",
 * the toolbox and the picture's tools. Its own chunk (antd's buttons, the viewer), fetched when a
 * picture is first opened, so the square's first view fetches no antd.
 */
export function SdViewer(props: {
  task: sd.SdTask;
  image: sd.SdTask['images'][number];
  onRedo: (task: sd.SdTask) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { task: open, image } = props;
  return (
    <ImageViewer
      image={{ url: image.url, name: `sd-${open.id}.png`, alt: open.prompt }}
      onClose={props.onClose}
      details={
        <div className="flex flex-col gap-1" data-testid="sd-viewer-info">
          <p className="m-0">
            <b>{t('sd:info.prompt')}:</b> {open.prompt}
          </p>
          <p className="m-0 text-white/60">
            <b>{t('sd:info.params')}:</b> {t('sd:info.seed')} {String(open.params.seed)} ·{' '}
            {String(open.params.width)}×{String(open.params.height)} · {String(open.params.steps)} ·{' '}
            {String(open.params.sampler)} · CFG {String(open.params.cfgScale)}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button
              size="small"
              onClick={() => {
                props.onRedo(open);
                props.onClose();
              }}
            >
              {t('sd:info.redo')}
            </Button>
            <Button
              size="small"
              onClick={() =>
                navigate('/tools', {
                  state: {
                    prefill: { kind: 'sd-tool', prompt: '', params: { image: image.url } },
                  },
                })
              }
            >
              {t('sd:info.toTools')}
            </Button>
            <Button
              size="small"
              data-testid="sd-use-as-reference"
              onClick={() =>
                // The square draws from text only: a reference goes to the toolbox's remix
                // (image to image with this prompt).
                navigate('/tools', {
                  state: {
                    prefill: {
                      kind: 'sd-tool',
                      prompt: open.prompt,
                      params: { image: image.url, op: 'remix' },
                    },
                  },
                })
              }
            >
              {t('sd:info.useAsReference')}
            </Button>
            <PictureToolActions
              picture={{ url: image.url, prompt: open.prompt }}
              before={() => props.onClose()}
            />
          </div>
        </div>
      }
    />
  );
}
