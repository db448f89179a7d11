import Button from 'antd/es/button';
import { useTranslation } from 'react-i18next';
import { useDialogs } from '../../stores/dialogs';

/** Help and support: the site's frequent questions, about, contact and customer service. */
export function HelpLinks() {
  const { t } = useTranslation(['user']);
  const open = useDialogs((s) => s.open);
  return (
    <section
      aria-labelledby="center-help"
      className="flex flex-col gap-3 rounded-xl border border-white/5 bg-[#141419] p-4 sm:flex-row sm:items-center sm:justify-between sm:px-6"
    >
      <h2 id="center-help" className="m-0 text-sm font-medium text-white/70">
        {t('user:help.title')}
      </h2>
      <div className="grid grid-cols-2 gap-2 sm:flex">
        <Button onClick={() => open('faq')}>{t('user:help.faq')}</Button>
        <Button onClick={() => open('about')}>{t('user:help.about')}</Button>
        <Button onClick={() => open('contact', { kind: 'contact' })}>
          {t('user:help.contact')}
        </Button>
        <Button onClick={() => open('customerService')}>{t('user:help.service')}</Button>
      </div>
    </section>
  );
}
