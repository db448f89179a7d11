import AppstoreOutlined from '@ant-design/icons-svg/es/asn/AppstoreOutlined';
import CloudDownloadOutlined from '@ant-design/icons-svg/es/asn/CloudDownloadOutlined';
import ExpandOutlined from '@ant-design/icons-svg/es/asn/ExpandOutlined';
import FileSearchOutlined from '@ant-design/icons-svg/es/asn/FileSearchOutlined';
import MergeCellsOutlined from '@ant-design/icons-svg/es/asn/MergeCellsOutlined';
import SkinOutlined from '@ant-design/icons-svg/es/asn/SkinOutlined';
import ToolOutlined from '@ant-design/icons-svg/es/asn/ToolOutlined';
import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Glyph } from '../../components/glyph';
import { Button, lazyThemed, Tabs } from '../../components/lite/lite';
import { useDialogs } from '../../stores/dialogs';
import { Composer } from './composer';
import { Results } from './results';

/** The example galleries (the tabs after the first): fetched when one is opened. */
const LazyGalleries = lazyThemed(() => import('./galleries').then((m) => m.Galleries));
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
    ['midjourney:tools.blend', <Glyph icon={MergeCellsOutlined} />, () => open('blend')],
    ['midjourney:tools.faceSwap', <Glyph icon={SkinOutlined} />, () => open('faceSwap')],
    [
      'midjourney:tools.upscaleVariation',
      <Glyph icon={AppstoreOutlined} />,
      () => open('upscaleVariation', {}),
    ],
    ['midjourney:tools.photoFix', <Glyph icon={ToolOutlined} />, () => open('photoFix', {})],
    [
      'midjourney:tools.describe',
      <Glyph icon={FileSearchOutlined} />,
      () => open('uploadImages', { target: 'describe' }),
    ],
    ['midjourney:tools.customZoom', <Glyph icon={ExpandOutlined} />, () => open('customZoom', {})],
    [
      'midjourney:tools.batchDownload',
      <Glyph icon={CloudDownloadOutlined} />,
      () => open('batchDownload'),
    ],
  ];
  return (
    <>
      <Composer onSubmitted={onSubmitted} />
      {/* Buttons that open dialogs: a group, not navigation (the menu is the page's only nav). */}
      <div role="group" aria-label={t('midjourney:tools.title')} className="flex flex-wrap gap-2">
        {tools.map(([key, icon, onClick]) => (
          <Button key={key} size="small" icon={icon} onClick={onClick}>
            {t(key)}
          </Button>
        ))}
      </div>
    </>
  );
}

/** The user's drawings and the galleries, in tabs. */
export function ResultLists({ tab, onTab }: { tab: string; onTab: (tab: string) => void }) {
  const { t } = useTranslation();
  return (
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
  );
}
