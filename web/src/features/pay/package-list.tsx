import { CheckCircleFilled, CrownOutlined } from '@ant-design/icons';
import type { payments } from '@atelier/contracts';
import { useTranslation } from 'react-i18next';
import { useLocalized } from '../../lib/localized';
import { formatPrice } from './order-status';

/** Packages as cards (price, credits, VIP days); one is chosen at a time. */
export function PackageList({
  packages,
  selected,
  onSelect,
}: {
  packages: payments.PricePackage[];
  selected: number | null;
  onSelect: (id: number) => void;
}) {
  const { t, i18n } = useTranslation(['pay']);
  const local = useLocalized();
  return (
    <div
      role="radiogroup"
      aria-label={t('pay:packages.title')}
      className="grid grid-cols-2 gap-2 sm:gap-3 lg:grid-cols-3"
    >
      {packages.map((p) => {
        const active = p.id === selected;
        const description = local(p.description);
        return (
          <button
            key={p.id}
            type="button"
            role="radio"
            aria-checked={active}
            data-testid="package-card"
            onClick={() => onSelect(p.id)}
            className={`relative flex min-h-24 min-w-0 cursor-pointer flex-col gap-1 rounded-xl border p-3 sm:p-4 text-left transition-colors ${
              active
                ? 'border-[var(--accent)] bg-[var(--accent)]/10'
                : 'border-white/10 bg-white/[0.03] hover:border-white/25'
            }`}
          >
            {active && (
              <CheckCircleFilled
                aria-label={t('pay:packages.selected')}
                className="absolute right-3 top-3 text-[var(--accent)]"
              />
            )}
            <span className="pr-6 text-sm font-medium text-white/85">{local(p.name)}</span>
            <span className="text-xl font-semibold tabular-nums text-white sm:text-2xl">
              {formatPrice(p.priceCents, p.currency, i18n.language)}
            </span>
            <span className="text-sm text-white/70">
              {t('pay:packages.credits', { count: p.credits })}
            </span>
            {p.vipDays > 0 && (
              <span className="flex items-center gap-1 text-xs text-amber-300/90">
                <CrownOutlined />
                {t('pay:packages.vipDays', { count: p.vipDays })}
              </span>
            )}
            {description && (
              <span className="line-clamp-2 text-xs leading-relaxed text-white/55">
                {description}
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}
