/**
 * The tables the music module owns: none. Its tasks are rows of `tasks` (the tasks module), its
 * models rows of `chat_models` (the providers module) and its prices rows of `credit_prices`, reached through those
 * modules' index.ts (scripts/check-tables.mjs reads this file).
 */
export type MusicTables = Record<never, never>;
