import { Markmap } from 'markmap-view';
import { useEffect, useImperativeHandle, useRef, type Ref } from 'react';
import { toMapNode, type OutlineNode } from './outline';

/** The map's canvas colour, also the background of exported files. */
export const MAP_BACKGROUND = '#141419';
/** While the outline streams, the map redraws at most this often (ms). */
const LIVE_REDRAW_MS = 250;
const ZOOM_STEP = 1.25;
/** markmap's default share of the viewport a fitted map fills. */
const FIT_RATIO = 0.95;
/** The smallest scale a fit goes to: 15 px text stays at least 12 px (a phone's narrow view). */
export const MIN_READABLE_SCALE = 0.8;
const EDGE_PX = 12;

/**
 * The scale at which markmap's `fit` shows a `width`×`height` map in a `viewWidth`×`viewHeight`
 * view (never above `maxScale`).
 */
export function fitScale(
  view: { width: number; height: number },
  map: { width: number; height: number },
  maxScale = 1,
): number {
  if (map.width <= 0 || map.height <= 0) return maxScale;
  return Math.min(
    (view.width / map.width) * FIT_RATIO,
    (view.height / map.height) * FIT_RATIO,
    maxScale,
  );
}

/**
 * Fits the map to its view, but not below a readable scale: a map too wide for the view (a phone)
 * keeps readable text, its root at the left edge, and pans for the rest.
 */
async function fitReadable(map: Markmap): Promise<void> {
  await map.fit();
  const { x1, x2, y1, y2 } = map.state.rect;
  const view = map.svg.node()!.getBoundingClientRect();
  const scale = fitScale(view, { width: x2 - x1, height: y2 - y1 }, map.options.maxInitialScale);
  if (scale >= MIN_READABLE_SCALE || !map.state.data) return;
  await map.rescale(MIN_READABLE_SCALE / scale);
  const edge = { left: EDGE_PX, right: EDGE_PX, top: EDGE_PX, bottom: EDGE_PX };
  await map.ensureVisible(map.state.data, edge);
}

const FONT =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', " +
  "'Microsoft YaHei', 'Noto Sans CJK SC', sans-serif";

/** Dark colours for markmap's variables; they travel inside the SVG, so exports keep them. */
const darkStyle = (id: string) =>
  `.${id}{--markmap-text-color:rgba(255,255,255,.9);--markmap-circle-open-bg:${MAP_BACKGROUND};` +
  '--markmap-code-bg:rgba(255,255,255,.1);--markmap-code-color:#f5f5f5;' +
  `--markmap-a-color:#8f83ff;--markmap-font:400 15px/22px ${FONT};}` +
  `.${id} .markmap-foreign strong{font-weight:600}`;

/** What the screen's toolbar does to the map. */
export interface MindMapHandle {
  zoomIn: () => void;
  zoomOut: () => void;
  fit: () => void;
  svg: () => SVGSVGElement | null;
}

/**
 * The outline drawn by markmap: pan with drag, zoom with the wheel or the toolbar, click a
 * node's circle to fold it. A new `root`
 * redraws and fits; while `live` (streaming) redraws are spaced out and not animated.
 */
export function MindMapView({
  root,
  folding,
  live,
  label,
  ref,
}: {
  root: OutlineNode;
  /** Folds from `level` (-1: all open); a new object redraws even at the same level. */
  folding: { level: number };
  live: boolean;
  label: string;
  ref?: Ref<MindMapHandle>;
}) {
  const svgRef = useRef<SVGSVGElement>(null);
  const mapRef = useRef<Markmap | null>(null);
  const lastDraw = useRef(0);
  // Fits run one after another and only for the newest drawing: `fitReadable` rescales
  // relative to the fit it just made, so two overlapping (a live redraw's and the final one's,
  // whose animations interrupt each other) could leave the map at any scale.
  const fitting = useRef<Promise<void>>(Promise.resolve());
  const drawing = useRef(0);
  const fitInTurn = (map: Markmap, draw?: number) => {
    fitting.current = fitting.current
      .then(() => (draw === undefined || draw === drawing.current ? fitReadable(map) : undefined))
      .catch(() => undefined);
  };

  useEffect(() => {
    const map = Markmap.create(svgRef.current!, {
      autoFit: false,
      duration: 300,
      maxWidth: 280,
      paddingX: 10,
      spacingHorizontal: 72,
      spacingVertical: 8,
      initialExpandLevel: -1,
      style: darkStyle,
    });
    mapRef.current = map;
    return () => {
      map.destroy();
      mapRef.current = null;
    };
  }, []);

  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    const draw = () => {
      lastDraw.current = Date.now();
      map.setOptions({ duration: live ? 0 : 300 });
      const turn = ++drawing.current;
      void map.setData(toMapNode(root, folding.level)).then(() => fitInTurn(map, turn));
    };
    const wait = live ? LIVE_REDRAW_MS - (Date.now() - lastDraw.current) : 0;
    if (wait <= 0) return draw();
    const timer = setTimeout(draw, wait);
    return () => clearTimeout(timer);
  }, [root, folding, live]);

  useImperativeHandle(
    ref,
    () => ({
      zoomIn: () => void mapRef.current?.rescale(ZOOM_STEP),
      zoomOut: () => void mapRef.current?.rescale(1 / ZOOM_STEP),
      fit: () => void (mapRef.current && fitInTurn(mapRef.current)),
      svg: () => svgRef.current,
    }),
    [],
  );

  return (
    <svg
      ref={svgRef}
      role="img"
      aria-label={label}
      data-testid="mind-map"
      className="block h-full w-full touch-none select-none"
      style={{ background: MAP_BACKGROUND }}
    />
  );
}
