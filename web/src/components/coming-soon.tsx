import Empty from 'antd/es/empty';
import { useTranslation } from 'react-i18next';
import { ScreenIcon } from './screen-icon';

export interface ComingSoonProps {
  /** Route name of the screen (for its icon). */
  name: string;
  title: string;
  /** What the screen will offer. */
  text: string;
}

/** The honest frame of a screen a later issue builds: its title and what will be there. */
export function ComingSoon({ name, title, text }: ComingSoonProps) {
  const { t } = useTranslation();
  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-6 sm:px-8 sm:py-10">
      <h1 className="m-0 flex items-center gap-3 text-xl font-semibold text-white/90 sm:text-2xl">
        <ScreenIcon name={name} />
        {title}
      </h1>
      <div className="rounded-lg border border-white/5 bg-white/[0.03] px-6 py-12">
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            <div className="flex flex-col gap-2">
              <span className="text-base text-white/85">{t('shell:comingTitle')}</span>
              <span className="text-white/55">{text}</span>
            </div>
          }
        />
      </div>
    </section>
  );
}
