import Segmented from 'antd/es/segmented';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StrengthSlider } from '../../components/strength-slider';
import { ToolDialog, usePictureDialog, useToolRun } from './tool-dialog';

type Choice = 'up2' | 'up4' | 'variation';

/** A new seed for each variation (the upstreams take 0 … 2³¹−1). */
const newSeed = () => Math.floor(Math.random() * 2 ** 31);

/**
 * Upscale and variation (flag `upscaleVariation` with a `picture`): the toolbox's upscale at
 * 2× or 4×, or a variation (a remix of the same prompt with a new seed, from this picture).
 */
export default function ImageUpscaleVariationDialog() {
  const { t } = useTranslation();
  const { picture } = usePictureDialog('upscaleVariation');
  const run = useToolRun(picture?.url);
  const [choice, setChoice] = useState<Choice>('up2');
  const [strength, setStrength] = useState(0.5);
  const variation = choice === 'variation';
  return (
    <ToolDialog
      name="upscaleVariation"
      op={variation ? 'remix' : 'upscale'}
      title={t('images:dialogs.upscaleVariation.title')}
      intro={
        variation
          ? t('images:dialogs.upscaleVariation.variationText')
          : t('images:dialogs.upscaleVariation.upscaleText')
      }
      submitLabel={t('images:dialogs.upscaleVariation.submit')}
      run={run}
      canSubmit
      onSubmit={(p) =>
        run.run(
          variation
            ? { op: 'remix', image: p.url, prompt: p.prompt, strength, seed: newSeed() }
            : { op: 'upscale', image: p.url, scale: choice === 'up4' ? 4 : 2 },
        )
      }
    >
      {picture && (
        <div className="flex flex-col gap-3">
          <Segmented<Choice>
            block
            value={choice}
            onChange={setChoice}
            options={[
              { value: 'up2', label: t('images:dialogs.upscaleVariation.up', { scale: 2 }) },
              { value: 'up4', label: t('images:dialogs.upscaleVariation.up', { scale: 4 }) },
              { value: 'variation', label: t('images:dialogs.upscaleVariation.variation') },
            ]}
          />
          <img
            src={picture.url}
            alt={picture.prompt}
            className="max-h-[45vh] self-center rounded"
          />
          {variation && (
            <StrengthSlider
              label={t('images:dialogs.upscaleVariation.strength')}
              value={strength}
              onChange={setStrength}
              min={0.1}
            />
          )}
        </div>
      )}
    </ToolDialog>
  );
}
