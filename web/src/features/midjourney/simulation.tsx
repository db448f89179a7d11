import Button from 'antd/es/button';
import { useTranslation } from 'react-i18next';
import { useDialogs } from '../../stores/dialogs';
import { useDrawQuote } from './mj-api';

/** The price and queue of the next drawing, before it is sent. */
export function Simulation({
  modelId,
  refreshKey,
}: {
  modelId: number | undefined;
  refreshKey: number;
}) {
  const { t } = useTranslation();
  const quote = useDrawQuote(modelId, refreshKey);
  if (!quote.data) return null;
  const q = quote.data;
  return (
    <div className="flex flex-col gap-1 text-xs text-white/55" data-testid="mj-simulation">
      <span>
        {t('midjourney:simulate.cost', { count: q.unitCredits })} ·{' '}
        {t('midjourney:simulate.balance', { count: q.balance })} ·{' '}
        {t('midjourney:simulate.queue', { count: q.queueAhead })} ·{' '}
        {t('midjourney:simulate.wait', { count: q.estimatedSeconds })}
      </span>
      {!q.enough ? (
        <span role="alert" className="text-amber-300">
          {t('midjourney:simulate.notEnough')}{' '}
          <Button
            size="small"
            type="link"
            className="!px-0"
            onClick={() => useDialogs.getState().open('passiveGoods')}
          >
            {t('midjourney:simulate.recharge')}
          </Button>
        </span>
      ) : null}
    </div>
  );
}
