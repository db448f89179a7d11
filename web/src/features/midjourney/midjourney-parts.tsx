import {
  AppstoreOutlined,
  CloudDownloadOutlined,
  ExpandOutlined,
  FileSearchOutlined,
  MergeCellsOutlined,
  SkinOutlined,
  ToolOutlined,
} from '@ant-design/icons';
import Button from 'antd/es/button';
import Tabs from 'antd/es/tabs';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Themed } from '../../components/themed';
import { useDialogs } from '../../stores/dialogs';
import { Composer } from './composer';
import { Results } from './results';

/** The example galleries (the tabs after the first): fetched when one is opened. */
const LazyGalleries = lazy(() => import('./galleries').then((m) => ({ default: m.Galleries })));
const Galleries = ({ kind }: { kind: 'examples' | 'cases' | 'params' }) => (
  <Suspense fallback={null}>
    <LazyGalleries kind={kind} />
  </Suspense>
);

type ToolKey =
  | 'blend'
  | 'faceSwap'
  | 'upscaleVariation'
  | 'photoFix'
  | 'describe'
  | 'customZoom'
  | 'batchDownload';

/** The composer and the tools that draw from pictures (each opens its dialog). */
export function ComposerArea({ onSubmitted }: { onSubmitted: () => void }) {
  const { t } = useTranslation();
  const open = useDialogs((s) => s.open);
  const tools: Array<[`midjourney:tools.${ToolKey}`, ReactNode, () => void]> = [
    ['midjourney:tools.blend', <MergeCellsOutlined />, () => open('blend')],
    ['midjourney:tools.faceSwap', <SkinOutlined />, () => open('faceSwap')],
    ['midjourney:tools.upscaleVariation', <AppstoreOutlined />, () => open('upscaleVariation', {})],
    ['midjourney:tools.photoFix', <ToolOutlined />, () => open('photoFix', {})],
    [
      'midjourney:tools.describe',
      <FileSearchOutlined />,
      () => open('uploadImages', { target: 'describe' }),
    ],
    ['midjourney:tools.customZoom', <ExpandOutlined />, () => open('customZoom', {})],
    ['midjourney:tools.batchDownload', <CloudDownloadOutlined />, () => open('batchDownload')],
  ];
  return (
    <Themed>
      <Composer onSubmitted={onSubmitted} />
      {/* Buttons that open dialogs: a group, not navigation (the menu is the page's only nav). */}
      <div role="group" aria-label={t('midjourney:tools.title')} className="flex flex-wrap gap-2">
        {tools.map(([key, icon, onClick]) => (
          <Button key={key} size="small" icon={icon} onClick={onClick}>
            {t(key)}
          </Button>
        ))}
      </div>
    </Themed>
  );
}

/** The user's drawings and the galleries, in tabs. */
export function ResultLists({ tab, onTab }: { tab: string; onTab: (tab: string) => void }) {
  const { t } = useTranslation();
  return (
    <Themed>
      <Tabs
        activeKey={tab}
        onChange={onTab}
        items={[
          { key: 'results', label: t('midjourney:tabs.results'), children: <Results /> },
          {
            key: 'examples',
            label: t('midjourney:tabs.examples'),
            children: <Galleries kind="examples" />,
          },
          {
            key: 'cases',
            label: t('midjourney:tabs.cases'),
            children: <Galleries kind="cases" />,
          },
          {
            key: 'params',
            label: t('midjourney:tabs.params'),
            children: <Galleries kind="params" />,
          },
        ]}
      />
    </Themed>
  );
}
