import type { sites } from '@atelier/contracts';
import { useAppSetting } from '../stores/app-setting';

/** Picks the current language's entry of a text the operator stored in all three languages. */
export function useLocalized(): (text: sites.LocalizedText | null | undefined) => string {
  const language = useAppSetting((s) => s.language);
  return (text) => text?.[language] ?? '';
}
