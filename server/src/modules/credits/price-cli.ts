import { credits as K } from '@atelier/contracts';
import type { AdminCommand } from '../../cli/command.js';
import { AppError } from '../../http/errors.js';
import { createPrice, deletePrice, listPrices, priceKeyOf, updatePrice } from './prices.js';

/*
 * `npm run admin -- price …`: the console's prices, for scripted setups. `set` creates the
 * price `<model>:<action>` or changes it when it exists; options are checked by the contract.
 */

const out = (line: string) => process.stdout.write(`${line}\n`);
const fail = (line: string, code = 2) => {
  process.stderr.write(`${line}\n`);
  return code;
};

const camel = (key: string) => key.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

function fieldsOf(options: Record<string, string | true>): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(options)) {
    const name = camel(key);
    if (raw === true || raw === 'true') fields[name] = true;
    else if (raw === 'false') fields[name] = false;
    else if (/^-?\d+$/.test(raw) && !['model', 'action', 'label'].includes(name))
      fields[name] = Number(raw);
    else fields[name] = raw;
  }
  return fields;
}

export const priceCommand: AdminCommand = {
  name: 'price',
  usage:
    'price list | set --model M --action A --category chat|image|music|video|separation --label L [--credits N --unit call|1k_tokens --input-per1k N --output-per1k N --enabled false] | delete <model:action>',
  summary: 'List, create or change (by model and action), or delete credit prices',
  async run(ctx, args) {
    const db = ctx.db.kysely;
    const [sub, key] = args.positional;
    try {
      if (sub === 'list') {
        const { rows } = await listPrices(db, { includeDisabled: true });
        for (const p of rows)
          out(
            `${p.price_key}  ${p.category}  ${p.unit === 'call' ? `${p.credits}/call` : `${p.input_per_1k}+${p.output_per_1k}/1k`}` +
              `  ${p.label}${p.enabled ? '' : '  (disabled)'}`,
          );
        return 0;
      }
      if (sub === 'set') {
        const parsed = K.priceFields
          .partial()
          .required({ model: true, action: true, category: true, label: true })
          .safeParse(fieldsOf(args.options));
        if (!parsed.success)
          return fail(
            parsed.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('\n'),
          );
        const f = parsed.data;
        const existing = await db
          .selectFrom('credit_prices')
          .select('id')
          .where('price_key', '=', priceKeyOf(f.model, f.action))
          .executeTakeFirst();
        const { model: _m, action: _a, ...rest } = f;
        const p = existing ? await updatePrice(db, existing.id, rest) : await createPrice(db, f);
        out(`Price ${p.priceKey} ${existing ? 'changed' : 'created'}.`);
        return 0;
      }
      if (sub === 'delete' && key) {
        const row = await db
          .selectFrom('credit_prices')
          .select('id')
          .where('price_key', '=', key)
          .executeTakeFirst();
        if (!row) return fail(`No price ${key}`, 1);
        await deletePrice(db, row.id);
        out('Deleted.');
        return 0;
      }
      return fail(`Usage: ${priceCommand.usage}`);
    } catch (error) {
      if (error instanceof AppError) return fail(error.text['en-US'], 1);
      throw error;
    }
  },
};
