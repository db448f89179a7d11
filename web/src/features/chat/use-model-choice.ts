import type { chat } from '@atelier/contracts';
import { useState } from 'react';
import { storageKeys } from '../../lib/storage-keys';
import { useChatModels } from '../../api/chat-models';
import { useOwnModels } from './chat-api';
import { choiceKey, parseChoice, pickModel, type ModelChoice } from './chat-logic';

const readStored = (): ModelChoice | null => {
  try {
    return parseChoice(localStorage.getItem(storageKeys.model));
  } catch {
    return null;
  }
};

export interface ModelInfo {
  name: string;
  vision: boolean;
  demo: boolean;
}

/**
 * The model the input sends with: the one kept in the `model` storage key while it is still
 * offered, else the first platform model (or the user's own endpoint).
 */
export function useModelChoice() {
  const models = useChatModels();
  const own = useOwnModels();
  const [stored, setStored] = useState(readStored);
  const platform = models.data ?? [];
  const mine = own.data ?? [];
  const choice = pickModel(stored, platform, mine);

  const setChoice = (next: ModelChoice) => {
    setStored(next);
    try {
      localStorage.setItem(storageKeys.model, choiceKey(next));
    } catch {
      // Private mode: the choice lasts for this visit.
    }
  };

  const picked =
    choice?.kind === 'own'
      ? mine.find((m) => m.id === choice.id)
      : platform.find((m) => m.id === choice?.id);
  /** Whose price applies: a platform model's, or none for the user's own endpoint. */
  const priced: chat.UserModel | 'own' | null =
    choice?.kind === 'own'
      ? picked
        ? 'own'
        : null
      : (platform.find((m) => m.id === choice?.id) ?? null);
  const info: ModelInfo | null = picked
    ? { name: picked.name, vision: picked.vision, demo: 'demo' in picked && picked.demo }
    : null;

  return {
    platform,
    mine,
    choice,
    setChoice,
    info,
    priced,
    loading: models.isPending,
    failed: models.isError,
  };
}
