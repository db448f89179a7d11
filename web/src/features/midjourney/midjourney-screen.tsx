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
import { ScreenIcon } from '../../components/screen-icon';
import { useIsMobile } from '../../components/use-is-mobile';
import { useDialogs } from '../../stores/dialogs';
import { Composer } from './composer';
import { Galleries } from './galleries';
import { Results } from './results';

function Tool(props: { icon: ReactNode; label: string; onClick: () => void }) {
  return (
    <Button size="small" icon={props.icon} onClick={props.onClick}>
      {props.label}
    </Button>
  );
}

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
  return (
    <section className="mx-auto flex w-full max-w-[1600px] flex-col gap-4 px-3 py-4 sm:px-6 sm:py-6 lg:flex-row lg:items-start">
      <div className="flex w-full flex-col gap-3 lg:sticky lg:top-0 lg:max-h-[calc(100dvh-5.5rem)] lg:w-[420px] lg:shrink-0 lg:overflow-y-auto lg:pr-1">
        <header className="flex flex-col gap-1">
          <h1 className="m-0 flex items-center gap-3 text-xl font-semibold text-white/90">
            <ScreenIcon name="midjourney" />
            {t('menu:midjourney')}
          </h1>
          <p className="m-0 text-sm text-white/55">{t('screens:midjourney')}</p>
        </header>
        <Composer onSubmitted={showNewDrawing} />
        {/* Buttons that open dialogs: a group, not navigation (the menu is the page's only nav). */}
        <div role="group" aria-label={t('midjourney:tools.title')} className="flex flex-wrap gap-2">
          <Tool
            icon={<MergeCellsOutlined />}
            label={t('midjourney:tools.blend')}
            onClick={() => open('blend')}
          />
          <Tool
            icon={<SkinOutlined />}
            label={t('midjourney:tools.faceSwap')}
            onClick={() => open('faceSwap')}
          />
          <Tool
            icon={<AppstoreOutlined />}
            label={t('midjourney:tools.upscaleVariation')}
            onClick={() => open('upscaleVariation', {})}
          />
          <Tool
            icon={<ToolOutlined />}
            label={t('midjourney:tools.photoFix')}
            onClick={() => open('photoFix', {})}
          />
          <Tool
            icon={<FileSearchOutlined />}
            label={t('midjourney:tools.describe')}
            onClick={() => open('uploadImages', { target: 'describe' })}
          />
          <Tool
            icon={<ExpandOutlined />}
            label={t('midjourney:tools.customZoom')}
            onClick={() => open('customZoom', {})}
          />
          <Tool
            icon={<CloudDownloadOutlined />}
            label={t('midjourney:tools.batchDownload')}
            onClick={() => open('batchDownload')}
          />
        </div>
      </div>
      <div ref={lists} className="min-w-0 flex-1 scroll-mt-2">
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
      </div>
    </section>
  );
}
