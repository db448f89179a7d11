import BulbOutlined from '@ant-design/icons-svg/es/asn/BulbOutlined';
import SettingOutlined from '@ant-design/icons-svg/es/asn/SettingOutlined';
import TranslationOutlined from '@ant-design/icons-svg/es/asn/TranslationOutlined';
import { Glyph } from '../../components/glyph';
import { Button } from '../../components/lite/lite';
import type { DataOf, drawing } from '@atelier/contracts';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notify';
import { useSuggestPrompts, useTranslatePrompt, useWordTerms } from './mj-api';
import { useComposer } from './mj-store';
import { withoutPanelFlags } from './params';

/**
 * Translate, suggest and the parameters toggle. A failed call was already shown by the client:
 * the handlers only add what it cannot.
 */
export function PromptTools({
  onPromptMissing,
  onSuggestions,
  showParams,
  onToggleParams,
}: {
  onPromptMissing: () => void;
  onSuggestions: (suggestions: string[]) => void;
  showParams: boolean;
  onToggleParams: () => void;
}) {
  const { t } = useTranslation();
  const translation = useTranslatePrompt();
  const suggestion = useSuggestPrompts();
  const terms = useWordTerms();

  const translate = async () => {
    const prompt = useComposer.getState().prompt.trim();
    if (!prompt) return onPromptMissing();
    const answer = await translation.mutateAsync(prompt).catch(() => null);
    if (!answer) return;
    useComposer.getState().setPrompt(answer.text);
    if (answer.untranslated.length > 0)
      notify.info(t('midjourney:composer.untranslated', { words: answer.untranslated.join('、') }));
  };

  const suggest = async () => {
    const prompt = useComposer.getState().prompt.trim();
    if (!prompt) return onPromptMissing();
    const found = (await suggestion.mutateAsync(prompt).catch(() => null))?.suggestions;
    if (!found) return;
    const params = useComposer.getState().params;
    onSuggestions(found.map((s) => withoutPanelFlags(s, params)));
    if (found.length === 0) notify.info(t('midjourney:composer.noSuggestions'));
  };

  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button
        size="small"
        icon={<Glyph icon={TranslationOutlined} />}
        loading={translation.isPending}
        onClick={() => void translate()}
      >
        {t('midjourney:composer.translate')}
      </Button>
      <Button
        size="small"
        icon={<Glyph icon={BulbOutlined} />}
        loading={suggestion.isPending}
        onClick={() => void suggest()}
      >
        {t('midjourney:composer.suggest')}
      </Button>
      <Button
        size="small"
        icon={<Glyph icon={SettingOutlined} />}
        aria-expanded={showParams}
        aria-controls="mj-params-panel"
        onClick={onToggleParams}
      >
        {t('midjourney:composer.params')}
      </Button>
      {terms.data && <WordTermsNote terms={terms.data} />}
    </div>
  );
}

/** What translating or suggesting costs now, beside the buttons: before anything is used. */
function WordTermsNote({ terms }: { terms: DataOf<typeof drawing.wordTerms> }) {
  const { t } = useTranslation();
  if (terms.demo) return null;
  const text =
    terms.freeLeft > 0
      ? t('midjourney:composer.wordsFree', { left: terms.freeLeft, total: terms.freePerDay })
      : terms.credits !== null
        ? t('midjourney:composer.wordsPrice', { count: terms.credits })
        : terms.guest
          ? t('midjourney:composer.wordsGuestUsed')
          : t('midjourney:composer.wordsUsed');
  return (
    <span className="text-xs text-white/55" data-testid="word-terms">
      {text}
    </span>
  );
}
