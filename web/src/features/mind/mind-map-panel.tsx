import {
  CompressOutlined,
  FileImageOutlined,
  FileOutlined,
  NodeCollapseOutlined,
  NodeExpandOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import Button from 'antd/es/button';
import Tooltip from 'antd/es/tooltip';
import { useRef, useState, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadBlob } from '../../lib/download';
import { notify } from '../../lib/notify';
import { texts } from '../../lib/texts';
import { mapSvgText, svgToPng } from './export-map';
import { MAP_BOX } from './map-box';
import { MAP_BACKGROUND, MindMapView, type MindMapHandle } from './mind-map-view';
import { countNodes, exportFileName, type OutlineNode } from './outline';

/** "Collapse" folds the branches: the root and its branches stay in view. */
const COLLAPSED_LEVEL = 1;

function ToolButton({
  title,
  icon,
  onClick,
  disabled,
  loading,
}: {
  title: string;
  icon: ReactNode;
  onClick: () => void;
  disabled?: boolean;
  loading?: boolean;
}) {
  return (
    <Tooltip title={title}>
      <Button
        type="text"
        size="small"
        icon={icon}
        aria-label={title}
        disabled={disabled}
        loading={loading}
        onClick={onClick}
        className="!text-white/75 hover:!text-white"
      />
    </Tooltip>
  );
}

/** Zoom, fit, unfold, fold and export: the buttons over the map. */
function MapToolbar({
  map,
  streaming,
  exporting,
  onFold,
  onExport,
}: {
  map: RefObject<MindMapHandle | null>;
  streaming: boolean;
  exporting: 'svg' | 'png' | null;
  onFold: (folding: { level: number }) => void;
  onExport: (kind: 'svg' | 'png') => void;
}) {
  const { t } = useTranslation(['mind']);
  return (
    <div
      role="toolbar"
      aria-label={t('mind:toolbar.label')}
      className="absolute top-2 right-2 flex flex-wrap items-center gap-0.5 rounded-lg border border-white/10 bg-[#1c1c23]/90 p-1 backdrop-blur"
    >
      <ToolButton
        title={t('mind:toolbar.zoomIn')}
        icon={<ZoomInOutlined />}
        onClick={() => map.current?.zoomIn()}
      />
      <ToolButton
        title={t('mind:toolbar.zoomOut')}
        icon={<ZoomOutOutlined />}
        onClick={() => map.current?.zoomOut()}
      />
      <ToolButton
        title={t('mind:toolbar.fit')}
        icon={<CompressOutlined />}
        onClick={() => map.current?.fit()}
      />
      <ToolButton
        title={t('mind:toolbar.expandAll')}
        icon={<NodeExpandOutlined />}
        disabled={streaming}
        onClick={() => onFold({ level: -1 })}
      />
      <ToolButton
        title={t('mind:toolbar.collapse')}
        icon={<NodeCollapseOutlined />}
        disabled={streaming}
        onClick={() => onFold({ level: COLLAPSED_LEVEL })}
      />
      <span className="mx-1 h-4 w-px bg-white/10" aria-hidden />
      <ToolButton
        title={t('mind:toolbar.exportSvg')}
        icon={<FileOutlined />}
        disabled={streaming}
        loading={exporting === 'svg'}
        onClick={() => onExport('svg')}
      />
      <ToolButton
        title={t('mind:toolbar.exportPng')}
        icon={<FileImageOutlined />}
        disabled={streaming}
        loading={exporting === 'png'}
        onClick={() => onExport('png')}
      />
    </div>
  );
}

/**
 * The drawn map with its toolbar (zoom, fit, unfold, fold, export as SVG or PNG); the outline
 * it is drawn from sits beside it (`outline-panel.tsx`, with the screen's first view).
 */
export function MindMapPanel({
  tree,
  title,
  streaming,
  folding,
  onFold,
}: {
  tree: OutlineNode;
  title: string;
  streaming: boolean;
  folding: { level: number };
  onFold: (folding: { level: number }) => void;
}) {
  const { t } = useTranslation(['mind']);
  const [exporting, setExporting] = useState<'svg' | 'png' | null>(null);
  const map = useRef<MindMapHandle>(null);

  const exportAs = async (kind: 'svg' | 'png') => {
    const svg = map.current?.svg();
    if (!svg) return;
    setExporting(kind);
    try {
      const { text, width, height } = mapSvgText(svg, MAP_BACKGROUND);
      const name = exportFileName(title, kind);
      const blob =
        kind === 'svg'
          ? new Blob([text], { type: 'image/svg+xml;charset=utf-8' })
          : await svgToPng(text, width, height);
      downloadBlob(blob, name);
      notify.success(t(texts.success.export));
    } catch (error) {
      console.error('mind map export failed', error);
      notify.error(t(texts.errors.exportFailed));
    } finally {
      setExporting(null);
    }
  };

  return (
    <div className={`relative overflow-hidden ${MAP_BOX}`}>
      <MindMapView
        ref={map}
        root={tree}
        folding={folding}
        live={streaming}
        label={t('mind:map.label', { title })}
      />
      <MapToolbar
        map={map}
        streaming={streaming}
        exporting={exporting}
        onFold={onFold}
        onExport={(kind) => void exportAs(kind)}
      />
      <span
        className="absolute bottom-2 left-3 text-xs text-white/55"
        aria-live="polite"
        data-testid="mind-status"
      >
        {streaming ? t('mind:streaming') : t('mind:nodes', { count: countNodes(tree) })}
      </span>
    </div>
  );
}
