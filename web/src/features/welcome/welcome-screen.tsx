import {
  AppstoreOutlined,
  CustomerServiceOutlined,
  HistoryOutlined,
  MessageOutlined,
  PictureOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import theme from 'antd/es/theme';
import { useAuthStore } from '../../stores/auth';

const features = [
  {
    to: '/Chat',
    icon: MessageOutlined,
    title: 'welcome:features.chat.title',
    text: 'welcome:features.chat.text',
  },
  {
    to: '/Midjourney',
    icon: PictureOutlined,
    title: 'welcome:features.draw.title',
    text: 'welcome:features.draw.text',
  },
  {
    to: '/sddraw',
    icon: AppstoreOutlined,
    title: 'welcome:features.models.title',
    text: 'welcome:features.models.text',
  },
  {
    to: '/video',
    icon: VideoCameraOutlined,
    title: 'welcome:features.video.title',
    text: 'welcome:features.video.text',
  },
  {
    to: '/music',
    icon: CustomerServiceOutlined,
    title: 'welcome:features.music.title',
    text: 'welcome:features.music.text',
  },
  {
    to: '/history',
    icon: HistoryOutlined,
    title: 'welcome:features.history.title',
    text: 'welcome:features.history.text',
  },
] as const;

const steps = [
  { title: 'welcome:steps.ask.title', text: 'welcome:steps.ask.text' },
  { title: 'welcome:steps.create.title', text: 'welcome:steps.create.text' },
  { title: 'welcome:steps.keep.title', text: 'welcome:steps.keep.text' },
] as const;

/** `/welcome`: the product in one calm page, leading to chat and drawing. */
export default function WelcomeScreen() {
  const { t } = useTranslation(['welcome']);
  const { token } = theme.useToken();
  const accent = token.colorPrimary;
  const siteName = useAuthStore((s) => s.site?.siteName) || t('welcome:brand');

  return (
    <div className="min-h-full overflow-x-hidden bg-[#0b0b0f] text-white/90">
      <div
        aria-hidden
        className="pointer-events-none fixed inset-x-0 top-0 h-[520px] opacity-40"
        style={{
          background: `radial-gradient(60% 60% at 50% 0%, ${accent}55 0%, transparent 70%)`,
        }}
      />
      <header className="relative mx-auto flex max-w-6xl items-center justify-between px-5 py-5 sm:px-8">
        <span className="text-base font-semibold tracking-wide">{siteName}</span>
        <Link
          to="/Chat"
          className="rounded-lg px-3 py-2 text-sm text-white/70 transition-colors hover:text-white"
        >
          {t('welcome:nav.open')}
        </Link>
      </header>

      <main className="relative mx-auto max-w-6xl px-5 sm:px-8">
        <section className="flex flex-col items-center pb-16 pt-12 text-center sm:pb-24 sm:pt-20">
          <p
            className="mb-4 rounded-full border px-3 py-1 text-xs tracking-wide"
            style={{ borderColor: `${accent}66`, color: accent }}
          >
            {t('welcome:hero.eyebrow')}
          </p>
          <h1 className="m-0 max-w-3xl text-4xl font-semibold leading-tight text-white sm:text-6xl">
            {t('welcome:hero.title')}
          </h1>
          <p className="mt-5 max-w-xl text-base leading-relaxed text-white/60 sm:text-lg">
            {t('welcome:hero.subtitle')}
          </p>
          <div className="mt-9 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            <Link
              to="/Chat"
              className="flex min-h-11 items-center justify-center rounded-lg px-6 text-base font-medium text-white transition-opacity hover:opacity-90"
              style={{ background: accent }}
            >
              {t('welcome:hero.chat')}
            </Link>
            <Link
              to="/Midjourney"
              className="flex min-h-11 items-center justify-center rounded-lg border border-white/15 bg-white/5 px-6 text-base font-medium text-white/90 transition-colors hover:bg-white/10"
            >
              {t('welcome:hero.draw')}
            </Link>
          </div>
        </section>

        <section aria-labelledby="welcome-features" className="pb-16 sm:pb-24">
          <h2 id="welcome-features" className="mb-8 text-center text-xl font-medium text-white/80">
            {t('welcome:features.title')}
          </h2>
          <ul className="m-0 grid list-none grid-cols-1 gap-3 p-0 sm:grid-cols-2 lg:grid-cols-3">
            {features.map(({ to, icon: Icon, title, text }) => (
              <li key={to}>
                <Link
                  to={to}
                  className="group flex h-full gap-4 rounded-xl border border-white/5 bg-white/[0.03] p-5 transition-colors hover:border-white/10 hover:bg-white/[0.06]"
                >
                  <Icon className="mt-1 text-xl text-white/50 group-hover:text-white/80" />
                  <span className="flex flex-col gap-1">
                    <span className="text-base font-medium text-white/90">{t(title)}</span>
                    <span className="text-sm leading-relaxed text-white/50">{t(text)}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="welcome-steps" className="pb-20 sm:pb-28">
          <h2 id="welcome-steps" className="mb-8 text-center text-xl font-medium text-white/80">
            {t('welcome:steps.title')}
          </h2>
          <ol className="m-0 grid list-none grid-cols-1 gap-6 p-0 sm:grid-cols-3">
            {steps.map(({ title, text }, index) => (
              <li key={title} className="flex flex-col items-center gap-2 text-center">
                <span
                  className="flex size-9 items-center justify-center rounded-full text-sm font-semibold"
                  style={{ background: `${accent}22`, color: accent }}
                >
                  {index + 1}
                </span>
                <span className="text-base font-medium text-white/90">{t(title)}</span>
                <span className="max-w-xs text-sm leading-relaxed text-white/50">{t(text)}</span>
              </li>
            ))}
          </ol>
        </section>
      </main>

      <footer className="relative border-t border-white/5 py-6 text-center text-xs text-white/55">
        {t('welcome:footer', { year: new Date().getFullYear() })}
      </footer>
    </div>
  );
}
