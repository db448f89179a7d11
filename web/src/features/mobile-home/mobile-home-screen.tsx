import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ScreenIcon } from '../../components/screen-icon';
import { useMenuEntries } from '../../components/use-menu-entries';

/** The mobile landing: a launcher with a card for each screen of the site's menu. */
export default function MobileHomeScreen() {
  const { t } = useTranslation();
  const entries = useMenuEntries();
  return (
    <section className="mx-auto flex w-full max-w-6xl flex-col gap-4 px-4 py-5 sm:px-8">
      <header>
        <h1 className="m-0 text-xl font-semibold text-white/90">{t('shell:launcherTitle')}</h1>
        <p className="m-0 mt-1 text-sm text-white/55">{t('shell:launcherHint')}</p>
      </header>
      <ul className="m-0 grid list-none grid-cols-2 gap-3 p-0 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5">
        {entries.map((entry) => (
          <li key={entry.name}>
            <Link
              to={entry.path}
              className="flex min-h-[88px] flex-col justify-between gap-3 rounded-lg border border-white/5 bg-white/[0.04] p-4 text-white/85 no-underline transition-colors hover:bg-white/[0.08] active:bg-white/[0.1]"
            >
              <span className="text-2xl text-[var(--accent)]">
                <ScreenIcon name={entry.name} />
              </span>
              <span className="text-sm font-medium">{entry.label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
