import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ScreenIcon } from '../../components/screen-icon';
import { SoonTag } from '../../components/soon-tag';
import { useMenuEntries, type MenuItem } from '../../components/use-menu-entries';
import { useDialogs } from '../../stores/dialogs';

const cardClass =
  'flex min-h-[88px] w-full flex-col justify-between gap-3 rounded-lg border border-white/5 bg-white/[0.04] p-4 text-left text-white/85 no-underline transition-colors hover:bg-white/[0.08] active:bg-white/[0.1]';

/**
 * The mobile landing: a launcher with a card for each screen of the site's menu, then one for
 * the frequent questions, then the screens still to come, tagged "Soon".
 */
export default function MobileHomeScreen() {
  const { t } = useTranslation();
  const entries = useMenuEntries();
  const card = (entry: MenuItem) => (
    <li key={entry.name}>
      <Link to={entry.path} className={cardClass}>
        <span className="flex items-start justify-between gap-2">
          <span className={`text-2xl ${entry.soon ? 'text-white/40' : 'text-[var(--accent)]'}`}>
            <ScreenIcon name={entry.name} />
          </span>
          {entry.soon ? <SoonTag /> : null}
        </span>
        <span className={`text-sm font-medium ${entry.soon ? 'text-white/60' : ''}`}>
          {entry.label}
        </span>
      </Link>
    </li>
  );
  return (
    <section className="mx-auto flex w-full max-w-6xl flex-col gap-4 px-4 py-5 sm:px-8">
      <header>
        <h1 className="m-0 text-xl font-semibold text-white/90">{t('shell:launcherTitle')}</h1>
        <p className="m-0 mt-1 text-sm text-white/55">{t('shell:launcherHint')}</p>
      </header>
      <ul className="m-0 grid list-none grid-cols-2 gap-3 p-0 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5">
        {entries.filter((e) => !e.soon).map(card)}
        <li>
          <button
            type="button"
            onClick={() => useDialogs.getState().open('faq')}
            className={`${cardClass} cursor-pointer font-[inherit]`}
          >
            <span className="text-2xl text-[var(--accent)]">
              <ScreenIcon name="faq" />
            </span>
            <span className="text-sm font-medium">{t('menu:faq')}</span>
          </button>
        </li>
        {entries.filter((e) => e.soon).map(card)}
      </ul>
    </section>
  );
}
