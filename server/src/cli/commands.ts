import type { AdminCommand } from './command.js';
import { createAdminCommand, resetPasswordCommand } from '../modules/auth/cli.js';
import {
  createCodesCommand,
  grantCreditsCommand,
  ledgerCheckCommand,
} from '../modules/credits/cli.js';
import { setConfigCommand, siteCommand } from '../modules/sites/cli.js';
import { paymentCommands } from '../modules/payments/cli.js';
import { backupCommand, restoreCommand } from './backup.js';
import { modelCommand, providerCommand } from '../modules/providers/cli.js';
import { priceCommand } from '../modules/credits/price-cli.js';

/** Every admin command; each module adds its own here (one import, one entry). */
export const commands: AdminCommand[] = [
  createAdminCommand,
  resetPasswordCommand,
  ledgerCheckCommand,
  grantCreditsCommand,
  createCodesCommand,
  setConfigCommand,
  siteCommand,
  ...paymentCommands,
  backupCommand,
  restoreCommand,
  providerCommand,
  modelCommand,
  priceCommand,
];
