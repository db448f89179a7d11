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
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CreationScreen } from '../../components/tasks/creation-screen';
import { useIsMobile } from '../../components/use-is-mobile';
import { useDialogs } from '../../stores/dialogs';
import { Composer } from './composer';
import { Galleries } from './galleries';
import { Results } from './results';

type ToolKey =
  | 'blend'
  | 'faceSwap'
  | 'upscaleVariation'
  | 'photoFix'
  | 'describe'
  | 'customZoom'
  | 'batchDownload';

/**
 * `/Midjourney`, the desktop landing page: the composer (with the tools that draw from
 * pictures) beside the user's drawings and the galleries; under 640 px the composer comes
 * first and the lists follow.
 */
export default function MidjourneyScreen() {
  const { t } = useTranslation();
  const [tab, setTab] = useState('results');
  const open = useDialogs((s) => s.open);
  const lists = useRef<HTMLDivElement>(null);
  const phone = useIsMobile();
  /** A queued drawing shows first in "My drawings": open that tab, and on a phone scroll to it. */
  const showNewDrawing = () => {
    setTab('results');
    if (!phone) return;
    const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    lists.current?.scrollIntoView({ behavior: still ? 'auto' : 'smooth', block: 'start' });
  };
  /** The tools that draw from pictures: each opens its dialog. */
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
    <CreationScreen
      screen="midjourney"
      description="screens:midjourney"
      stickyComposer
      resultsRef={lists}
      composer={
        <>
          <Composer onSubmitted={showNewDrawing} />
          {/* Buttons that open dialogs: a group, not navigation (the menu is the page's only nav). */}
          <div
            role="group"
            aria-label={t('midjourney:tools.title')}
            className="flex flex-wrap gap-2"
          >
            {tools.map(([key, icon, onClick]) => (
              <Button key={key} size="small" icon={icon} onClick={onClick}>
                {t(key)}
              </Button>
            ))}
          </div>
        </>
      }
      results={
        <Tabs
          activeKey={tab}
          onChange={setTab}
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
      }
    />
  );
}
