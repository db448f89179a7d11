/**
 * The tables the kind kit owns: none. A kind's tasks, models, prices and files are rows of the
 * tasks, providers, credits and files modules, reached through their index.ts
 * (scripts/check-tables.mjs reads this file).
 */
export type KindKitTables = Record<never, never>;
