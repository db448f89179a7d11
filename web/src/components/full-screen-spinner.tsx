import { useTranslation } from 'react-i18next';

/** The one full-screen loading spinner (app start, long blocking actions). */
export function FullScreenSpinner() {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      aria-live="polite"
      className="fixed inset-0 z-[2000] flex flex-col items-center justify-center gap-3 bg-[#0b0b0f]"
    >
      <span className="h-8 w-8 animate-spin rounded-full border-2 border-white/10 border-t-[var(--accent)]" />
      <span className="text-sm text-white/50">{t('shell:loading')}</span>
    </div>
  );
}
