import { marketModule } from '../modules/market/index.js';
import { worksModule } from '../modules/works/index.js';
import { printNotesOf } from './cli-context.js';

/**
 * The example works of a first start and the market's example prompts made from them, in a
 * process of their own (modules/works, `paintExamplesApart`): the server's configuration and
 * database, the server waiting for this process to end. Prints the seeds' notes, `note: ...`
 * each.
 */
printNotesOf(async (ctx) => [
  ...(await worksModule.seed!(ctx)),
  ...(await marketModule.seed!(ctx)),
]);
