import type { chat } from '@atelier/contracts';
import { useTranslation } from 'react-i18next';
import { Tooltip } from './lite/lite';

/** The least an answer costs: a token price's minimum charge, and never less than 1. */
export const leastCredits = (model: Pick<chat.UserModel, 'unit' | 'credits'>): number =>
  model.unit === 'call' ? model.credits : Math.max(1, model.credits);

/**
 * What an answer costs on this model, shown beside the button that sends it (chat, mind map)
 * before anything is sent: the price per answer, or (priced by tokens) the least an answer
 * costs with the rates in a tooltip. A user's own endpoint costs nothing. VIP discounts apply
 * when charged.
 */
export function ModelPrice({ model }: { model: chat.UserModel | 'own' | null }) {
  const { t } = useTranslation();
  if (!model) return null;
  const className = 'mr-2 shrink-0 whitespace-nowrap text-[11px] text-white/55';
  if (model === 'own')
    return (
      <span className={className} data-testid="chat-price">
        {t('common:price.own')}
      </span>
    );
  if (model.unit === 'call')
    return (
      <span className={className} data-testid="chat-price">
        {t('common:price.call', { count: model.credits })}
      </span>
    );
  const detail = t('common:price.detail', {
    input: model.inputPer1k,
    output: model.outputPer1k,
    min: leastCredits(model),
  });
  return (
    <Tooltip title={detail}>
      <span className={className} data-testid="chat-price" aria-label={detail} tabIndex={0}>
        {t('common:price.tokens', { count: leastCredits(model) })}
      </span>
    </Tooltip>
  );
}
