import Button from 'antd/es/button';
import Slider from 'antd/es/slider';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Paints the area to redraw over the picture. The mask itself is a separate canvas at the
 * picture's own size (white where painted, black elsewhere); `onMask` gets it as a PNG blob
 * after each stroke, or null when cleared.
 */
export function MaskPainter(props: { src: string; onMask: (png: Blob | null) => void }) {
  const { t } = useTranslation();
  const view = useRef<HTMLCanvasElement>(null);
  const mask = useRef<HTMLCanvasElement | null>(null);
  const [brush, setBrush] = useState(40);
  const drawing = useRef(false);

  useEffect(() => {
    const img = new Image();
    img.onload = () => {
      const c = view.current;
      if (!c) return;
      c.width = img.naturalWidth;
      c.height = img.naturalHeight;
      const m = document.createElement('canvas');
      m.width = img.naturalWidth;
      m.height = img.naturalHeight;
      const mc = m.getContext('2d')!;
      mc.fillStyle = '#000';
      mc.fillRect(0, 0, m.width, m.height);
      mask.current = m;
      c.getContext('2d')!.clearRect(0, 0, c.width, c.height);
    };
    img.src = props.src;
  }, [props.src]);

  const paint = (e: PointerEvent<HTMLCanvasElement>) => {
    const c = view.current;
    const m = mask.current;
    if (!c || !m) return;
    const r = c.getBoundingClientRect();
    const k = c.width / r.width;
    const x = (e.clientX - r.left) * k;
    const y = (e.clientY - r.top) * k;
    for (const [ctx, colour] of [
      [c.getContext('2d')!, 'rgba(80,160,255,0.55)'],
      [m.getContext('2d')!, '#fff'],
    ] as const) {
      ctx.fillStyle = colour;
      ctx.beginPath();
      ctx.arc(x, y, (brush / 2) * k, 0, Math.PI * 2);
      ctx.fill();
    }
  };
  const end = () => {
    if (!drawing.current) return;
    drawing.current = false;
    mask.current?.toBlob((b) => props.onMask(b), 'image/png');
  };
  const clear = () => {
    const c = view.current;
    const m = mask.current;
    if (!c || !m) return;
    c.getContext('2d')!.clearRect(0, 0, c.width, c.height);
    const mc = m.getContext('2d')!;
    mc.fillStyle = '#000';
    mc.fillRect(0, 0, m.width, m.height);
    props.onMask(null);
  };

  return (
    <div className="flex flex-col gap-2">
      <p className="m-0 text-sm text-white/70">{t('sd:tools.mask')}</p>
      <div className="relative">
        <img src={props.src} alt="" className="block w-full rounded" />
        <canvas
          ref={view}
          data-testid="mask-canvas"
          className="absolute inset-0 h-full w-full cursor-crosshair touch-none"
          onPointerDown={(e) => {
            drawing.current = true;
            e.currentTarget.setPointerCapture(e.pointerId);
            paint(e);
          }}
          onPointerMove={(e) => drawing.current && paint(e)}
          onPointerUp={end}
          onPointerCancel={end}
        />
      </div>
      <div className="flex items-center gap-3">
        <span className="text-xs text-white/60">{t('sd:tools.brush')}</span>
        <Slider className="flex-1" min={8} max={160} value={brush} onChange={setBrush} />
        <Button size="small" onClick={clear}>
          {t('sd:tools.clearMask')}
        </Button>
      </div>
    </div>
  );
}
