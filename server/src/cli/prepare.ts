import { prepareDatabase } from '../boot.js';
import { printNotesOf } from './cli-context.js';

/**
 * A start's migrations and seeds (with the example works) in a process of their own, as the
 * admin command's first run makes them: the server runs this when a migration is pending on
 * SQLite, waits for it to end and prints its notes (`note: ...` each). Their statements, rows
 * and pictures then leave no pages behind in the server (docs/scaling.md, Idle memory).
 */
printNotesOf(prepareDatabase);
