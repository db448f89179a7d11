import type { AdminCommand } from './command.js';

/** Every admin command; each module adds its own here (one import, one entry). */
export const commands: AdminCommand[] = [];
