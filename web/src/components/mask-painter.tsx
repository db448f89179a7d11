import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './lite/lite';
import { Slider } from './lite/lite-forms';

/**
 * How the painted area is written into the mask PNG:
 * - `white`: white where painted, black elsewhere (A1111 img2img and our toolbox's redraw);
 * - `clear`: transparent where painted, opaque elsewhere (OpenAI's edits repaint where clear).
 */
export type MaskConvention = 'white' | 'clear';

/**
 * Paints the area to redraw over a picture. The strokes live on a canvas at the picture's own
 * size, so the mask matches it pixel for pixel; `onMask` gets the mask as a PNG after each
 * stroke, or null when cleared.
 */
export function MaskPainter(props: {
  src: string;
  /** The line above the picture: what painting does here. */
  hint: string;
  convention?: MaskConvention;
  onMask: (png: Blob | null) => void;
}) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const [size, setSize] = useState(40);
  const [ready, setReady] = useState(false);
  const [painted, setPainted] = useState(false);

  useEffect(() => {
    setReady(false);
    setPainted(false);
    const img = new Image();
    img.onload = () => {
      const c = canvas.current;
      if (!c) return;
      c.width = img.naturalWidth;
      c.height = img.naturalHeight;
      setReady(true);
    };
    img.src = props.src;
  }, [props.src]);

  const paint = (e: PointerEvent<HTMLCanvasElement>) => {
    const c = e.currentTarget;
    const ctx = c.getContext('2d');
    if (!ctx) return;
    const r = c.getBoundingClientRect();
    const scale = c.width / r.width;
    ctx.fillStyle = 'rgba(80, 160, 255, 1)';
    ctx.beginPath();
    ctx.arc(
      (e.clientX - r.left) * scale,
      (e.clientY - r.top) * scale,
      (size / 2) * scale,
      0,
      2 * Math.PI,
    );
    ctx.fill();
  };
  const finish = () => {
    if (!drawing.current || !canvas.current) return;
    drawing.current = false;
    setPainted(true);
    exportMask(canvas.current, props.convention ?? 'white').toBlob(
      (png) => props.onMask(png),
      'image/png',
    );
  };
  const clear = () => {
    const c = canvas.current;
    c?.getContext('2d')?.clearRect(0, 0, c.width, c.height);
    setPainted(false);
    props.onMask(null);
  };

  return (
    <div className="flex flex-col gap-2">
      <p className="m-0 text-sm text-white/70">{props.hint}</p>
      <div className="relative w-full overflow-hidden rounded border border-white/10">
        <img src={props.src} alt="" className="block w-full select-none" draggable={false} />
        <canvas
          ref={canvas}
          data-testid="mask-canvas"
          // Until the picture has loaded the canvas is not at its size and ignores strokes.
          data-ready={ready}
          className={`absolute inset-0 h-full w-full touch-none opacity-50 ${ready ? 'cursor-crosshair' : 'cursor-wait'}`}
          onPointerDown={(e) => {
            if (!ready) return;
            drawing.current = true;
            e.currentTarget.setPointerCapture(e.pointerId);
            paint(e);
          }}
          onPointerMove={(e) => drawing.current && paint(e)}
          onPointerUp={finish}
          onPointerCancel={finish}
        />
      </div>
      <div className="flex items-center gap-3">
        <span className="text-xs text-white/70">{t('sd:tools.brush')}</span>
        <Slider
          className="flex-1"
          min={8}
          max={160}
          value={size}
          onChange={setSize}
          aria-label={t('sd:tools.brush')}
        />
        <Button size="small" onClick={clear} disabled={!painted}>
          {t('sd:tools.clearMask')}
        </Button>
      </div>
      {painted && <span className="text-xs text-green-300">{t('sd:tools.maskPainted')}</span>}
    </div>
  );
}

/** The strokes (any colour, opaque) turned into a mask of the given convention. */
function exportMask(strokes: HTMLCanvasElement, convention: MaskConvention): HTMLCanvasElement {
  const out = document.createElement('canvas');
  out.width = strokes.width;
  out.height = strokes.height;
  const ctx = out.getContext('2d')!;
  ctx.fillStyle = '#000';
  ctx.fillRect(0, 0, out.width, out.height);
  if (convention === 'clear') {
    ctx.globalCompositeOperation = 'destination-out';
    ctx.drawImage(strokes, 0, 0);
    return out;
  }
  // White where painted: the strokes' shapes (source-in keeps their alpha) filled white on top.
  const white = document.createElement('canvas');
  white.width = strokes.width;
  white.height = strokes.height;
  const w = white.getContext('2d')!;
  w.drawImage(strokes, 0, 0);
  w.globalCompositeOperation = 'source-in';
  w.fillStyle = '#fff';
  w.fillRect(0, 0, white.width, white.height);
  ctx.drawImage(white, 0, 0);
  return out;
}
