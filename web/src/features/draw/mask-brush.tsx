import Button from 'antd/es/button';
import Slider from 'antd/es/slider';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A brush over a reference picture: what is painted becomes the transparent part of the mask
 * (OpenAI's edits repaint where the mask is clear). The strokes live on a canvas at the
 * picture's own size, so the mask matches it pixel for pixel.
 */
export function MaskBrush(props: { src: string; onChange: (mask: string | null) => void }) {
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

  const at = (e: PointerEvent<HTMLCanvasElement>) => {
    const c = e.currentTarget;
    const r = c.getBoundingClientRect();
    return {
      x: ((e.clientX - r.left) / r.width) * c.width,
      y: ((e.clientY - r.top) / r.height) * c.height,
      scale: c.width / r.width,
    };
  };
  const paint = (e: PointerEvent<HTMLCanvasElement>) => {
    const ctx = e.currentTarget.getContext('2d');
    if (!ctx) return;
    const p = at(e);
    ctx.fillStyle = 'rgba(255, 60, 60, 1)';
    ctx.beginPath();
    ctx.arc(p.x, p.y, (size / 2) * p.scale, 0, Math.PI * 2);
    ctx.fill();
  };
  const finish = () => {
    if (!drawing.current) return;
    drawing.current = false;
    setPainted(true);
    props.onChange(exportMask(canvas.current!));
  };
  const clear = () => {
    const c = canvas.current;
    c?.getContext('2d')?.clearRect(0, 0, c.width, c.height);
    setPainted(false);
    props.onChange(null);
  };

  return (
    <div className="flex flex-col gap-2">
      <span className="text-xs text-white/60">{t('images:mask')}</span>
      <div className="relative w-full max-w-[360px] overflow-hidden rounded border border-white/10">
        <img src={props.src} alt="" className="block w-full select-none" draggable={false} />
        <canvas
          ref={canvas}
          data-testid="mask-canvas"
          className="absolute inset-0 h-full w-full cursor-crosshair touch-none opacity-50"
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
        <span className="text-xs text-white/60">{t('images:brushSize')}</span>
        <Slider
          className="flex-1"
          min={8}
          max={120}
          value={size}
          onChange={setSize}
          aria-label={t('images:brushSize')}
        />
        <Button size="small" onClick={clear} disabled={!painted}>
          {t('images:clearMask')}
        </Button>
      </div>
      {painted && <span className="text-xs text-green-300">{t('images:maskPainted')}</span>}
    </div>
  );
}

/** Opaque everywhere except where the strokes are: a PNG data URL. */
function exportMask(strokes: HTMLCanvasElement): string {
  const out = document.createElement('canvas');
  out.width = strokes.width;
  out.height = strokes.height;
  const ctx = out.getContext('2d')!;
  ctx.fillStyle = '#000';
  ctx.fillRect(0, 0, out.width, out.height);
  ctx.globalCompositeOperation = 'destination-out';
  ctx.drawImage(strokes, 0, 0);
  return out.toDataURL('image/png');
}
