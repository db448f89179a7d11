import { AlipayCircleOutlined, CreditCardOutlined, WechatOutlined } from '@ant-design/icons';
import type { payments } from '@atelier/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const icons: Record<payments.PayWay, ReactNode> = {
  wechat: <WechatOutlined className="text-[#07c160]" />,
  alipay: <AlipayCircleOutlined className="text-[#1677ff]" />,
  card: <CreditCardOutlined />,
};

/** The label of a pay way, by a literal key each. */
export function usePayWayLabel(): (way: payments.PayWay) => string {
  const { t } = useTranslation(['pay']);
  return (way) =>
    way === 'wechat'
      ? t('pay:ways.wechat')
      : way === 'alipay'
        ? t('pay:ways.alipay')
        : t('pay:ways.card');
}

/** Pay way choice among the ways a gateway serves. */
export function PayWayPicker({
  ways,
  value,
  onChange,
}: {
  ways: payments.PayWay[];
  value: payments.PayWay;
  onChange: (way: payments.PayWay) => void;
}) {
  const { t } = useTranslation(['pay']);
  const label = usePayWayLabel();
  return (
    <div role="radiogroup" aria-label={t('pay:ways.title')} className="flex flex-wrap gap-2">
      {ways.map((way) => {
        const active = way === value;
        return (
          <button
            key={way}
            type="button"
            role="radio"
            aria-checked={active}
            onClick={() => onChange(way)}
            className={`flex min-h-10 cursor-pointer items-center gap-2 rounded-lg border px-4 text-sm transition-colors max-[639px]:flex-1 max-[639px]:justify-center ${
              active
                ? 'border-[var(--accent)] bg-[var(--accent)]/10 text-white'
                : 'border-white/10 bg-white/[0.03] text-white/70 hover:border-white/25'
            }`}
          >
            <span className="text-lg leading-none">{icons[way]}</span>
            {label(way)}
          </button>
        );
      })}
    </div>
  );
}
