import type { drawing } from '@atelier/contracts';
import { useTranslation } from 'react-i18next';
import { useDrawQuote } from './mj-api';
import { useModels } from './mj-data';
import { useComposer } from './mj-store';

/**
 * What a drawing action costs, shown beside its button before it is sent (the composer's model,
 * after your VIP discount). Nothing while the quote loads or when it cannot be had.
 */
export function DrawPrice({ action }: { action: drawing.DrawAction }) {
  const { t } = useTranslation();
  const chosen = useComposer((s) => s.modelId);
  const models = useModels();
  const quote = useDrawQuote(action, chosen ?? models.data?.[0]?.id);
  if (!quote.data) return null;
  return (
    <span className="mr-auto text-xs text-white/55" data-testid="mj-price">
      {t('midjourney:simulate.cost', { count: quote.data.unitCredits })}
    </span>
  );
}
