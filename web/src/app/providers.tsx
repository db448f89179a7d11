import { QueryClientProvider } from '@tanstack/react-query';
import ConfigProvider from 'antd/es/config-provider';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import zhTW from 'antd/es/locale/zh_TW';
import message from 'antd/es/message';
import theme from 'antd/es/theme';
import { useEffect, type ReactNode } from 'react';
import { queryClient } from '../api/query-client';
import type { Language } from '../lib/languages';
import { setNotifier } from '../lib/notify';
import { useAppSetting } from '../stores/app-setting';

const antdLocales = { 'zh-CN': zhCN, 'en-US': enUS, 'zh-TW': zhTW } satisfies Record<
  Language,
  unknown
>;

/** The accent colour: primary actions and progress only (docs/style.md, Look and feel). */
export const ACCENT = '#7c6cf2';

/**
 * The accent as text on the dark surfaces (links, the chosen tab): lighter than the accent, so
 * it reads at 4.5:1 or more (WCAG AA) on every surface; white on the accent keeps its fill.
 */
export const ACCENT_TEXT = '#9d91ff';

/** Calm near-black surfaces in three steps, one accent, one radius, a 4/8 px spacing scale. */
const darkTheme = {
  algorithm: theme.darkAlgorithm,
  token: {
    colorPrimary: ACCENT,
    colorInfo: ACCENT,
    colorBgBase: '#0b0b0f',
    colorBgLayout: '#0b0b0f',
    colorBgContainer: '#141419',
    colorBgElevated: '#1c1c23',
    colorBorder: '#2a2a33',
    colorBorderSecondary: '#1f1f27',
    colorText: 'rgba(255, 255, 255, 0.88)',
    colorTextSecondary: 'rgba(255, 255, 255, 0.6)',
    colorLink: ACCENT_TEXT,
    colorLinkHover: '#b3a9ff',
    colorLinkActive: '#8f83ff',
    borderRadius: 8,
    // The stack (Latin fonts before CJK ones) is defined once, in index.css.
    fontFamily: 'var(--font-sans)',
  },
  components: {
    Tabs: {
      itemSelectedColor: ACCENT_TEXT,
      itemHoverColor: '#b3a9ff',
      itemActiveColor: ACCENT_TEXT,
    },
  },
};

/** Routes shared code's toasts (`lib/notify`) to antd's themed message API. */
function MessageBridge() {
  const [api, holder] = message.useMessage();
  useEffect(() => {
    setNotifier({
      error: (text) => void api.error(text),
      success: (text) => void api.success(text),
      info: (text) => void api.info(text),
    });
    return () => setNotifier(null);
  }, [api]);
  return holder;
}

/** Theme (dark, forced at start), antd locale of the chosen language, server-data cache. */
export function Providers({ children }: { children: ReactNode }) {
  const language = useAppSetting((s) => s.language);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider
        theme={darkTheme}
        locale={antdLocales[language]}
        button={{ autoInsertSpace: false }}
      >
        <MessageBridge />
        {children}
      </ConfigProvider>
    </QueryClientProvider>
  );
}
