import type { AppContext } from '../../context.js';
import type { Lang } from '../../http/messages.js';

/** What a chat started from an app is given: its fixed system prompt and model, and its name. */
export interface AppInUse {
  name: string;
  systemPrompt: string;
  /** The model its chats use whatever the client picks; null: the client's choice. */
  modelId: number | null;
}
/** Installed by the apps module; null when the caller may not use that app (or it is gone). */
export type AppPromptResolver = (
  ctx: AppContext,
  app: { appId: number; userId: number; lang: Lang },
) => Promise<AppInUse | null>;
export const appPrompts: { resolve: AppPromptResolver } = { resolve: async () => null };
