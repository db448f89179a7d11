import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import Segmented from 'antd/es/segmented';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { video as V } from '@atelier/contracts';

export type Direction = (typeof V.brushDirections)[number];
export interface BrushValue {
  mask: string;
  direction: Direction;
}

const SIZE = 320;

/**
 * The spec's motion brush: paint (mouse, touch or pen) over the first frame where things
 * should move, pick a direction; the mask goes up as a PNG where painted pixels are opaque.
 */
export function MotionBrushDialog(props: {
  open: boolean;
  frame: string;
  onClose: () => void;
  onApply: (v: BrushValue) => void;
}) {
  const { t } = useTranslation(['video']);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [direction, setDirection] = useState<Direction>('right');
  const drawing = useRef(false);
  const [painted, setPainted] = useState(false);

  useEffect(() => {
    if (props.open) {
      canvas.current?.getContext('2d')?.clearRect(0, 0, SIZE, SIZE);
      setPainted(false);
    }
  }, [props.open]);

  const paint = (e: React.PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current || !canvas.current) return;
    const r = canvas.current.getBoundingClientRect();
    const ctx = canvas.current.getContext('2d')!;
    ctx.fillStyle = 'rgba(255,255,255,1)';
    ctx.beginPath();
    ctx.arc(
      ((e.clientX - r.left) / r.width) * SIZE,
      ((e.clientY - r.top) / r.height) * SIZE,
      14,
      0,
      Math.PI * 2,
    );
    ctx.fill();
    setPainted(true);
  };

  return (
    <Modal
      open={props.open}
      title={t('video:brushTitle')}
      onCancel={props.onClose}
      footer={[
        <Button
          key="clear"
          onClick={() => canvas.current?.getContext('2d')?.clearRect(0, 0, SIZE, SIZE)}
        >
          {t('video:brushClear')}
        </Button>,
        <Button key="cancel" onClick={props.onClose}>
          {t('video:cancel')}
        </Button>,
        <Button
          key="ok"
          type="primary"
          disabled={!painted}
          onClick={() => props.onApply({ mask: canvas.current!.toDataURL('image/png'), direction })}
        >
          {t('video:brushApply')}
        </Button>,
      ]}
    >
      <div className="relative mx-auto aspect-square w-full max-w-[320px]">
        <img
          src={props.frame}
          alt=""
          className="absolute inset-0 h-full w-full rounded object-cover"
        />
        <canvas
          ref={canvas}
          width={SIZE}
          height={SIZE}
          className="absolute inset-0 h-full w-full touch-none opacity-60"
          onPointerDown={(e) => {
            drawing.current = true;
            paint(e);
          }}
          onPointerMove={paint}
          onPointerUp={() => (drawing.current = false)}
          onPointerLeave={() => (drawing.current = false)}
        />
      </div>
      <div className="mt-3 flex items-center gap-2">
        <span>{t('video:brushDirection')}</span>
        <Segmented<Direction>
          value={direction}
          onChange={setDirection}
          options={[
            { value: 'up', label: t('video:directions.up') },
            { value: 'down', label: t('video:directions.down') },
            { value: 'left', label: t('video:directions.left') },
            { value: 'right', label: t('video:directions.right') },
          ]}
        />
      </div>
    </Modal>
  );
}
