import type { AdminCommand } from './command.js';
import { createAdminCommand, resetPasswordCommand } from '../modules/auth/cli.js';

/** Every admin command; each module adds its own here (one import, one entry). */
export const commands: AdminCommand[] = [createAdminCommand, resetPasswordCommand];
