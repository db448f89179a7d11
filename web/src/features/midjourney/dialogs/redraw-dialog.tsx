import { ClearOutlined, UndoOutlined } from '@ant-design/icons';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Slider from 'antd/es/slider';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BRUSH_MAX,
  BRUSH_MIN,
  maskDataUrl,
  paintStrokes,
  toImagePoint,
  type Stroke,
} from '../mask';
import { runButton } from '../mj-data';
import { MjModal, useBusy, useDialog, DialogActions } from './common';

type Size = { width: number; height: number };

/**
 * Painting the mask on the canvas over the picture: strokes are kept in the picture's pixels
 * and drawn while the pointer moves.
 */
function useMaskPainting(natural: Size | null, size: number) {
  const [strokes, setStrokes] = useState<Stroke[]>([]);
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef<Stroke | null>(null);
  const repaint = (list: Stroke[]) => {
    const c = canvas.current;
    const ctx = c?.getContext('2d');
    if (!c || !ctx) return;
    ctx.clearRect(0, 0, c.width, c.height);
    paintStrokes(ctx, list, 'rgba(167, 139, 250, 0.6)');
  };
  useEffect(() => repaint(strokes), [strokes, natural]);

  const point = (e: PointerEvent<HTMLCanvasElement>) =>
    toImagePoint(e.clientX, e.clientY, e.currentTarget.getBoundingClientRect(), natural!);
  // The brush size is in screen pixels; strokes are kept in the picture's pixels.
  const brushInImage = (el: HTMLCanvasElement) =>
    natural ? (size * natural.width) / el.getBoundingClientRect().width : size;
  const down = (e: PointerEvent<HTMLCanvasElement>) => {
    if (!natural) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    drawing.current = { size: brushInImage(e.currentTarget), points: [point(e)] };
    repaint([...strokes, drawing.current]);
  };
  const move = (e: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    drawing.current.points.push(point(e));
    repaint([...strokes, drawing.current]);
  };
  const up = () => {
    const done = drawing.current;
    drawing.current = null;
    if (done) setStrokes((s) => [...s, done]);
  };
  return { strokes, setStrokes, canvas, down, move, up };
}

/**
 * Redraw / vary region (flag `redraw`): paint over the part of an upscaled picture to redraw
 * (brush size, undo, clear), optionally change the prompt; the mask goes as a PNG, white where
 * painted.
 */
export default function RedrawDialog() {
  const { t } = useTranslation();
  const { open, props, close } = useDialog('redraw');
  const task = props?.task;
  const image = task?.images[0];
  const [size, setSize] = useState(40);
  const [prompt, setPrompt] = useState('');
  const [sending, whileSending] = useBusy();
  const [natural, setNatural] = useState<Size | null>(null);

  const { strokes, setStrokes, canvas, down, move, up } = useMaskPainting(natural, size);

  useEffect(() => {
    if (!open) return;
    setStrokes([]);
    setPrompt(task?.prompt ?? '');
    setNatural(image ? { width: image.width, height: image.height } : null);
  }, [open, task?.id, task?.prompt, image, setStrokes]);

  const send = async () => {
    if (!task || !props || !natural || strokes.length === 0) return;
    await whileSending(async () => {
      await runButton(task.id, props.customId, {
        prompt: prompt.trim() || undefined,
        maskBase64: maskDataUrl(strokes, natural.width, natural.height),
      });
      close();
    });
  };

  return (
    <MjModal open={open} onCancel={close} title={t('midjourney:dialogs.redraw.title')} width={760}>
      <div className="flex flex-col gap-3">
        <p className="m-0 text-sm text-white/60">{t('midjourney:dialogs.redraw.text')}</p>
        {image && natural ? (
          <div
            className="relative self-center"
            style={{ width: `min(100%, ${Math.round((natural.width / natural.height) * 420)}px)` }}
          >
            <img
              src={image.url}
              alt={task?.prompt ?? ''}
              className="block w-full rounded-lg"
              draggable={false}
            />
            <canvas
              ref={canvas}
              width={natural.width}
              height={natural.height}
              aria-label={t('midjourney:dialogs.redraw.canvas')}
              data-testid="mj-mask-canvas"
              className="absolute inset-0 h-full w-full cursor-crosshair touch-none rounded-lg"
              onPointerDown={down}
              onPointerMove={move}
              onPointerUp={up}
              onPointerCancel={up}
            />
          </div>
        ) : (
          <Alert type="warning" message={t('midjourney:dialogs.redraw.noImage')} />
        )}
        <div className="flex flex-wrap items-center gap-3">
          <label htmlFor="mj-brush" className="text-sm text-white/75">
            {t('midjourney:dialogs.redraw.brush')}
          </label>
          <Slider
            id="mj-brush"
            className="min-w-40 flex-1"
            min={BRUSH_MIN}
            max={BRUSH_MAX}
            value={size}
            onChange={setSize}
          />
          <Button
            icon={<UndoOutlined />}
            disabled={strokes.length === 0}
            onClick={() => setStrokes((s) => s.slice(0, -1))}
          >
            {t('midjourney:dialogs.redraw.undo')}
          </Button>
          <Button
            icon={<ClearOutlined />}
            disabled={strokes.length === 0}
            onClick={() => setStrokes([])}
          >
            {t('midjourney:dialogs.redraw.clear')}
          </Button>
        </div>
        <label className="flex flex-col gap-1 text-sm text-white/75">
          {t('midjourney:dialogs.redraw.prompt')}
          <Input.TextArea
            value={prompt}
            maxLength={4000}
            autoSize={{ minRows: 2, maxRows: 6 }}
            onChange={(e) => setPrompt(e.target.value)}
          />
        </label>
        <DialogActions
          onCancel={close}
          onSubmit={() => void send()}
          disabled={strokes.length === 0}
          loading={sending}
          label={t('midjourney:dialogs.redraw.submit')}
        >
          {strokes.length === 0 ? (
            <span className="mr-auto text-xs text-white/55">
              {t('midjourney:dialogs.redraw.paintFirst')}
            </span>
          ) : null}
        </DialogActions>
      </div>
    </MjModal>
  );
}
