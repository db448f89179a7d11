import type { AdminCommand } from './command.js';
import { createAdminCommand, resetPasswordCommand } from '../modules/auth/cli.js';
import {
  createCodesCommand,
  grantCreditsCommand,
  ledgerCheckCommand,
} from '../modules/credits/cli.js';

/** Every admin command; each module adds its own here (one import, one entry). */
export const commands: AdminCommand[] = [
  createAdminCommand,
  resetPasswordCommand,
  ledgerCheckCommand,
  grantCreditsCommand,
  createCodesCommand,
];
