import {
  CloseOutlined,
  DownloadOutlined,
  OneToOneOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import Button from 'antd/es/button';
import Tooltip from 'antd/es/tooltip';
import {
  useEffect,
  useRef,
  useState,
  type PointerEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { downloadUrl } from '../lib/download';
import { stepZoom, wheelZoom } from './zoom';

/** docs/product.md §9: the viewer's button tooltips show after 1 s. */
const TOOLTIP_DELAY_S = 1;

export interface ViewerImage {
  url: string;
  name: string;
  alt: string;
}

function ToolButton(props: { label: string; icon: ReactNode; onClick: () => void }) {
  return (
    <Tooltip title={props.label} mouseEnterDelay={TOOLTIP_DELAY_S}>
      <Button
        type="text"
        shape="circle"
        aria-label={props.label}
        icon={props.icon}
        onClick={props.onClick}
        className="!text-white/85"
      />
    </Tooltip>
  );
}

/**
 * Keeps Tab inside `dialog` (from the last control to the first and back) and, when the
 * returned function runs, gives focus back to what had it before (the thumbnail that opened it).
 */
function trapFocus(dialog: HTMLElement): () => void {
  const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const onKey = (e: KeyboardEvent) => {
    if (e.key !== 'Tab') return;
    const controls = [...dialog.querySelectorAll<HTMLElement>('button:not([disabled]), [href]')];
    const first = controls[0];
    const last = controls[controls.length - 1];
    if (!first || !last) return;
    const inside = dialog.contains(document.activeElement);
    if (e.shiftKey && (document.activeElement === first || !inside)) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && (document.activeElement === last || !inside)) {
      e.preventDefault();
      first.focus();
    }
  };
  document.addEventListener('keydown', onKey);
  return () => {
    document.removeEventListener('keydown', onKey);
    if (opener?.isConnected) opener.focus();
  };
}

/**
 * The full-screen image viewer: wheel and buttons zoom by 0.1 (0.01–100×), dragging pans,
 * Escape closes, + and − zoom, 0 resets; the download button saves the picture. Tab stays
 * inside it and closing gives focus back to the opener. `details` (a creation screen's prompt,
 * parameters and actions) sit beside the picture on wide screens and under it on phones.
 */
export function ImageViewer({
  image,
  onClose,
  details,
}: {
  image: ViewerImage;
  onClose: () => void;
  /** What the picture is (prompt, parameters, seed) and what to do with it, beside it. */
  details?: ReactNode;
}) {
  const { t } = useTranslation();
  const [scale, setScale] = useState(1);
  const [offset, setOffset] = useState({ x: 0, y: 0 });
  const drag = useRef<{ x: number; y: number; ox: number; oy: number } | null>(null);
  const surface = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLDivElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);

  const reset = () => {
    setScale(1);
    setOffset({ x: 0, y: 0 });
  };
  useEffect(reset, [image.url]);
  useEffect(() => trapFocus(dialogRef.current!), []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
      else if (e.key === '+' || e.key === '=') setScale((s) => stepZoom(s, 1));
      else if (e.key === '-' || e.key === '_') setScale((s) => stepZoom(s, -1));
      else if (e.key === '0') reset();
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    closeRef.current?.querySelector('button')?.focus();
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  // A non-passive wheel listener: React's onWheel cannot stop the page from scrolling.
  useEffect(() => {
    const el = surface.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      setScale((s) => wheelZoom(s, e.deltaY));
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, []);

  const down = (e: PointerEvent<HTMLDivElement>) => {
    drag.current = { x: e.clientX, y: e.clientY, ox: offset.x, oy: offset.y };
    e.currentTarget.setPointerCapture(e.pointerId);
  };
  const move = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d) return;
    setOffset({ x: d.ox + e.clientX - d.x, y: d.oy + e.clientY - d.y });
  };
  const up = () => {
    drag.current = null;
  };

  return createPortal(
    <div
      ref={dialogRef}
      role="dialog"
      aria-modal="true"
      aria-label={t('midjourney:viewer.title')}
      className="fixed inset-0 z-[1100] flex flex-col bg-black/90"
    >
      <div className="flex min-h-0 flex-1 flex-col lg:flex-row">
        <div
          ref={surface}
          data-testid="viewer-surface"
          className="relative min-h-[50vh] flex-1 cursor-grab touch-none overflow-hidden active:cursor-grabbing"
          onPointerDown={down}
          onPointerMove={move}
          onPointerUp={up}
          onPointerCancel={up}
          onDoubleClick={reset}
        >
          <img
            src={image.url}
            alt={image.alt}
            draggable={false}
            data-testid="viewer-image"
            data-scale={scale}
            className="absolute top-1/2 left-1/2 max-h-[85vh] max-w-[92vw] select-none"
            style={{
              transform: `translate(calc(-50% + ${offset.x}px), calc(-50% + ${offset.y}px)) scale(${scale})`,
            }}
          />
        </div>
        {details && (
          <aside
            data-testid="viewer-details"
            className="max-h-[40vh] overflow-y-auto border-white/10 bg-black/70 p-4 text-sm text-white/85 lg:max-h-none lg:w-[360px] lg:border-l"
          >
            {details}
          </aside>
        )}
      </div>
      <ViewerBar
        scale={scale}
        setScale={setScale}
        reset={reset}
        image={image}
        onClose={onClose}
        closeRef={closeRef}
      />
    </div>,
    document.body,
  );
}

/** The viewer's buttons: zoom out, the scale, zoom in, reset, download, close. */
function ViewerBar({
  scale,
  setScale,
  reset,
  image,
  onClose,
  closeRef,
}: {
  scale: number;
  setScale: (f: (s: number) => number) => void;
  reset: () => void;
  image: ViewerImage;
  onClose: () => void;
  closeRef: RefObject<HTMLDivElement | null>;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex items-center justify-center gap-1 bg-black/60 px-3 py-2 pb-[max(0.5rem,env(safe-area-inset-bottom))]">
      <ToolButton
        label={t('midjourney:viewer.zoomOut')}
        icon={<ZoomOutOutlined />}
        onClick={() => setScale((s) => stepZoom(s, -1))}
      />
      <span
        className="min-w-14 text-center text-sm text-white/80 tabular-nums"
        aria-live="polite"
        data-testid="viewer-scale"
      >
        {Math.round(scale * 100)}%
      </span>
      <ToolButton
        label={t('midjourney:viewer.zoomIn')}
        icon={<ZoomInOutlined />}
        onClick={() => setScale((s) => stepZoom(s, 1))}
      />
      <ToolButton
        label={t('midjourney:viewer.reset')}
        icon={<OneToOneOutlined />}
        onClick={reset}
      />
      <ToolButton
        label={t('midjourney:viewer.download')}
        icon={<DownloadOutlined />}
        onClick={() => downloadUrl(image.url, image.name)}
      />
      <div ref={closeRef}>
        <ToolButton
          label={t('midjourney:viewer.close')}
          icon={<CloseOutlined />}
          onClick={onClose}
        />
      </div>
    </div>
  );
}
