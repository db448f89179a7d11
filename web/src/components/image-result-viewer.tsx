import CopyOutlined from '@ant-design/icons-svg/es/asn/CopyOutlined';
import PictureOutlined from '@ant-design/icons-svg/es/asn/PictureOutlined';
import RedoOutlined from '@ant-design/icons-svg/es/asn/RedoOutlined';
import ToolOutlined from '@ant-design/icons-svg/es/asn/ToolOutlined';
import type { drawing } from '@atelier/contracts';
import Button from 'antd/es/button';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paramName, paramValue } from '../lib/param-names';
import { Glyph } from './glyph';
import { ImageViewer } from './image-viewer';
import type { ImageResultsProps } from './image-results';
import { PictureToolActions } from './picture-actions';

/*
 * A picture of the picture kinds' results opened in the viewer, with its prompt, parameters,
 * seed and actions: loaded with antd when a picture opens (`image-results.tsx`).
 */

type Task = drawing.DrawTask;
type DetailsProps = ImageResultsProps & { task: Task; url: string; close: () => void };

/** What the viewer shows beside a picture: prompt, parameters, seed and actions. */
function Details(props: DetailsProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { task, url } = props;
  const params = Object.entries(task.params).flatMap(([k, v]) => {
    const name = k === 'seed' ? null : paramName(k, t);
    return name && v !== undefined && v !== null && v !== '' ? [[name, paramValue(v, t, k)]] : [];
  });
  const seed = task.params.seed;
  const act = (fn: () => void) => () => {
    props.close();
    fn();
  };
  return (
    <div className="flex flex-col gap-3">
      <p className="m-0 break-words whitespace-pre-wrap">{task.prompt}</p>
      {task.finalPrompt !== task.prompt && (
        <div>
          <div className="text-xs text-white/50">{t('images:revisedPrompt')}</div>
          <p className="m-0 break-words" data-testid="revised-prompt">
            {task.finalPrompt}
          </p>
        </div>
      )}
      <div>
        <div className="text-xs text-white/50">{t('images:params')}</div>
        <dl className="m-0 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
          <dt className="text-white/50">{t('images:model')}</dt>
          <dd className="m-0">{task.modelName}</dd>
          {params.map(([k, v]) => (
            <div key={k} className="contents">
              <dt className="text-white/50">{k}</dt>
              <dd className="m-0 break-all">{v}</dd>
            </div>
          ))}
          {seed !== undefined && (
            <>
              <dt className="text-white/50">{t('images:seed')}</dt>
              <dd className="m-0" data-testid="viewer-seed">
                {String(seed)}
              </dd>
            </>
          )}
        </dl>
        <div className="mt-1 text-xs text-white/50">
          {t('images:credits', { credits: task.credits })}
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          size="small"
          icon={<Glyph icon={RedoOutlined} />}
          onClick={act(() => props.onRedo(task))}
        >
          {t('images:redo')}
        </Button>
        <Button
          size="small"
          icon={<Glyph icon={CopyOutlined} />}
          onClick={act(() => props.onDrawSame(task))}
        >
          {t('images:drawSame')}
        </Button>
        <Button
          size="small"
          icon={<Glyph icon={PictureOutlined} />}
          onClick={act(() => props.onUseAsReference(url))}
        >
          {t('images:useAsReference')}
        </Button>
        <Button
          size="small"
          icon={<Glyph icon={ToolOutlined} />}
          onClick={act(() =>
            navigate('/tools', {
              state: {
                prefill: {
                  kind: 'tools',
                  prompt: task.prompt,
                  params: { image: url, taskId: task.id },
                },
              },
            }),
          )}
        >
          {t('images:sendToTools')}
        </Button>
        <PictureToolActions picture={{ url, prompt: task.prompt }} before={props.close} />
      </div>
    </div>
  );
}

/** The viewer on one result's picture, its details beside it. */
export function ResultViewer(props: DetailsProps) {
  const { task, url } = props;
  return (
    <ImageViewer
      image={{ url, name: `picture-${task.id}.png`, alt: task.prompt }}
      onClose={props.close}
      details={<Details {...props} />}
    />
  );
}
