import BgColorsOutlined from '@ant-design/icons-svg/es/asn/BgColorsOutlined';
import BlockOutlined from '@ant-design/icons-svg/es/asn/BlockOutlined';
import EditOutlined from '@ant-design/icons-svg/es/asn/EditOutlined';
import ExpandAltOutlined from '@ant-design/icons-svg/es/asn/ExpandAltOutlined';
import MedicineBoxOutlined from '@ant-design/icons-svg/es/asn/MedicineBoxOutlined';
import SmileOutlined from '@ant-design/icons-svg/es/asn/SmileOutlined';
import { sd } from '@atelier/contracts';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Glyph } from '../../components/glyph';
import { Spin } from '../../components/lite/lite-forms';
import { CreationScreen } from '../../components/tasks/creation-screen';
import { readPrefill } from '../../lib/prefill';
import { ToolPanel } from './tool-panel';
import { useToolOps } from '../../api/tool-tasks';

/** Each tile: its icon and literal text keys. */
const sdOps = sd.toolOps;

const TILES: Record<sd.ToolOp, { icon: ReactNode; name: string; hint: string }> = {
  upscale: {
    icon: <Glyph icon={ExpandAltOutlined} />,
    name: 'sd:tools.ops.upscale',
    hint: 'sd:tools.opHint.upscale',
  },
  restore: {
    icon: <Glyph icon={MedicineBoxOutlined} />,
    name: 'sd:tools.ops.restore',
    hint: 'sd:tools.opHint.restore',
  },
  rembg: {
    icon: <Glyph icon={BgColorsOutlined} />,
    name: 'sd:tools.ops.rembg',
    hint: 'sd:tools.opHint.rembg',
  },
  faceswap: {
    icon: <Glyph icon={SmileOutlined} />,
    name: 'sd:tools.ops.faceswap',
    hint: 'sd:tools.opHint.faceswap',
  },
  remix: {
    icon: <Glyph icon={BlockOutlined} />,
    name: 'sd:tools.ops.remix',
    hint: 'sd:tools.opHint.remix',
  },
  redraw: {
    icon: <Glyph icon={EditOutlined} />,
    name: 'sd:tools.ops.redraw',
    hint: 'sd:tools.opHint.redraw',
  },
};

/**
 * `/tools`, the AI toolbox: a tile per operation; the chosen one takes an uploaded picture or
 * one of the caller's own, shows its price, and its result beside the source (before/after
 * slider, download, the viewer). Another screen may send a picture here (prefill `params.image`).
 */
export default function ToolsScreen() {
  const { t } = useTranslation();
  const location = useLocation();
  const ops = useToolOps();
  const [op, setOp] = useState<sd.ToolOp>('upscale');
  const [image, setImage] = useState<string | null>(null);
  const [prompt, setPrompt] = useState('');
  useEffect(() => {
    const p = readPrefill(location.state);
    if (typeof p?.params.image === 'string') setImage(p.params.image);
    // "Use as reference" elsewhere opens an operation with the picture's prompt.
    const asked = p?.params.op;
    if (typeof asked === 'string' && (sdOps as readonly string[]).includes(asked))
      setOp(asked as sd.ToolOp);
    if (p?.prompt) setPrompt(p.prompt);
    // Read once, on mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const info = ops.data?.rows.find((o) => o.op === op);
  return (
    <CreationScreen
      screen="tools"
      description="screens:tools"
      layout="stacked"
      width="medium"
      composer={
        <>
          {ops.isPending && <Spin />}
          <div
            role="radiogroup"
            aria-label={t('menu:tools')}
            className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6"
          >
            {(Object.keys(TILES) as sd.ToolOp[]).map((key) => {
              const tile = TILES[key];
              const row = ops.data?.rows.find((o) => o.op === key);
              return (
                <button
                  key={key}
                  type="button"
                  role="radio"
                  aria-checked={op === key}
                  disabled={row ? !row.enabled : false}
                  onClick={() => setOp(key)}
                  data-testid={`tool-${key}`}
                  className={`flex cursor-pointer flex-col items-start gap-1 rounded-xl border-2 bg-white/5 p-3 text-left text-inherit disabled:opacity-40 ${op === key ? 'border-blue-400' : 'border-transparent'}`}
                >
                  <span className="text-xl">{tile.icon}</span>
                  <span className="font-semibold text-white/90">{t(tile.name)}</span>
                  <span className="text-xs text-white/55">{t(tile.hint)}</span>
                  {row && (
                    <span className="text-xs text-white/60">
                      {row.demo ? t('sd:demo') : t('sd:tools.served', { name: row.providerName })} ·{' '}
                      {row.credits}
                    </span>
                  )}
                </button>
              );
            })}
          </div>
          {info && !info.enabled && <p className="text-white/60">{t('sd:tools.unavailable')}</p>}
        </>
      }
      results={
        <ToolPanel
          key={op}
          op={op}
          credits={info?.credits ?? 0}
          image={image}
          setImage={setImage}
          prompt={prompt}
        />
      }
    />
  );
}
