import { chat } from '@atelier/contracts';
import { useQuery } from '@tanstack/react-query';
import { useAppSetting } from '../stores/app-setting';
import { apiData } from './client';

/** The key of the chat-model list: names are translated, so it follows the language. */
export const chatModelsKey = (language: string) => ['chat', 'models', language] as const;

/**
 * The chat models the caller may use, in the server's order. Chat, mind maps and the persona
 * editor all read this one query, so one fetch serves every screen.
 */
export const useChatModels = () => {
  const language = useAppSetting((s) => s.language);
  return useQuery({
    queryKey: chatModelsKey(language),
    queryFn: async () => (await apiData(chat.listModels, { query: { kind: 'chat' } })).rows,
    staleTime: 60_000,
  });
};
