import { Button } from '../../components/lite/lite';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../../stores/auth';
import { useDialogs } from '../../stores/dialogs';
import { useDrawQuote } from './mj-api';

/**
 * The price and queue of the next drawing, before it is sent. The balance is the app's one
 * balance (stores/balance.ts); the quote is asked again whenever that balance changes.
 */
export function Simulation({ modelId }: { modelId: number | undefined }) {
  const { t } = useTranslation();
  const balance = useAuthStore((s) => s.userBalance?.credits);
  const quote = useDrawQuote('imagine', modelId);
  if (!quote.data) return null;
  const q = quote.data;
  const have = balance ?? q.balance;
  const enough = have >= q.totalCredits;
  return (
    <div className="flex flex-col gap-1 text-xs text-white/55" data-testid="mj-simulation">
      <span>
        {t('midjourney:simulate.cost', { count: q.unitCredits })} ·{' '}
        <span data-testid="mj-balance" data-credits={have}>
          {t('midjourney:simulate.balance', { count: have })}
        </span>{' '}
        · {t('midjourney:simulate.queue', { count: q.queueAhead })} ·{' '}
        {t('midjourney:simulate.wait', { count: q.estimatedSeconds })}
      </span>
      {!enough ? (
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
