import { chat as C } from '@atelier/contracts';
import type { z } from 'zod';
import type { AdminCommand, ParsedArgs } from '../../cli/command.js';
import { AppError } from '../../http/errors.js';
import { format } from '../../http/messages.js';
import { createModel, deleteModel, toAdminModel, updateModel } from './models.js';
import { runProviderCheck } from './checks.js';
import { knownProtocols } from './protocols.js';
import {
  createProvider,
  deleteProvider,
  listProviders,
  toProvider,
  updateProvider,
} from './providers.js';

/*
 * `npm run admin -- provider …` and `model …`: what the console's providers and models section
 * does, for scripted setups. Options are checked by the same contract schemas as the API.
 */

const out = (line: string) => process.stdout.write(`${line}\n`);
const fail = (line: string, code = 2) => {
  process.stderr.write(`${line}\n`);
  return code;
};

/** `--base-url x` → `baseUrl: 'x'`; numbers and booleans read as such. */
function optionsToFields(args: ParsedArgs): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(args.options)) {
    const name = key.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
    if (raw === true || raw === 'true') fields[name] = true;
    else if (raw === 'false') fields[name] = false;
    else if (/^-?\d+$/.test(raw) && !['apiKey', 'name', 'upstreamModel'].includes(name))
      fields[name] = Number(raw);
    else fields[name] = raw;
  }
  return fields;
}

function parse<S extends z.ZodType>(schema: S, args: ParsedArgs): z.infer<S> | string {
  const r = schema.safeParse(optionsToFields(args));
  if (r.success) return r.data;
  return r.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('\n');
}

const run = async (what: () => Promise<number>): Promise<number> => {
  try {
    return await what();
  } catch (error) {
    if (error instanceof AppError) return fail(format(error.text, 'en-US', error.params), 1);
    throw error;
  }
};

const idOf = (args: ParsedArgs) => Number(args.positional[1]);

export const providerCommand: AdminCommand = {
  name: 'provider',
  usage:
    'provider list | protocols | add --name N --protocol P (see `provider protocols`) [--base-url U --api-key K --concurrency N --timeout-ms N] | set <id> [same options, --enabled false] | test <id> | delete <id>',
  summary: 'List, add, change, test or delete upstream providers (keys write-only)',
  run: (ctx, args) =>
    run(async () => {
      const [sub] = args.positional;
      if (sub === 'list') {
        for (const p of (await listProviders(ctx)).map(toProvider))
          out(
            `#${p.id}  ${p.name}  ${p.protocol}  ${p.baseUrl || '—'}  key ${p.apiKey}  ${p.enabled ? 'enabled' : 'disabled'}`,
          );
        return 0;
      }
      if (sub === 'protocols') {
        for (const p of knownProtocols()) out(`${p.protocol}  ${p.kinds.join(', ')}`);
        return 0;
      }
      if (sub === 'add') {
        const f = parse(C.providerFields.partial().required({ name: true, protocol: true }), args);
        if (typeof f === 'string') return fail(f);
        out(`Provider #${(await createProvider(ctx, f)).id} added.`);
        return 0;
      }
      if (sub === 'set') {
        const f = parse(C.providerFields.partial(), args);
        if (typeof f === 'string') return fail(f);
        out(`Provider #${(await updateProvider(ctx, idOf(args), f)).id} changed.`);
        return 0;
      }
      if (sub === 'test') {
        const r = await runProviderCheck(ctx, idOf(args));
        out(`${r.ok ? 'OK' : 'FAILED'}: ${r.message} (${r.ms} ms)`);
        return r.ok ? 0 : 1;
      }
      if (sub === 'delete') {
        await deleteProvider(ctx, idOf(args));
        out('Deleted.');
        return 0;
      }
      return fail(`Usage: ${providerCommand.usage}`);
    }),
};

export const modelCommand: AdminCommand = {
  name: 'model',
  usage:
    'model list | add --name N --upstream-model M --provider-id P --price-key K [--kind chat|image|music|video|separation --context-window N --vip-only --sort N] | set <id> [same options] | delete <id>',
  summary: 'List, add, change or delete models',
  run: (ctx, args) =>
    run(async () => {
      const [sub] = args.positional;
      if (sub === 'list') {
        const rows = await ctx.db.kysely
          .selectFrom('chat_models')
          .selectAll()
          .orderBy('id')
          .execute();
        for (const m of rows.map(toAdminModel))
          out(
            `#${m.id}  ${m.name}  ${m.kind}  ${m.upstreamModel}  provider #${m.providerId}  ${m.priceKey}` +
              `${m.vipOnly ? '  VIP' : ''}${m.enabled ? '' : '  (disabled)'}`,
          );
        return 0;
      }
      if (sub === 'add') {
        const f = parse(
          C.modelFields
            .partial()
            .required({ name: true, upstreamModel: true, providerId: true, priceKey: true }),
          args,
        );
        if (typeof f === 'string') return fail(f);
        out(`Model #${(await createModel(ctx, f)).id} added.`);
        return 0;
      }
      if (sub === 'set') {
        const f = parse(C.modelFields.partial(), args);
        if (typeof f === 'string') return fail(f);
        out(`Model #${(await updateModel(ctx, idOf(args), f)).id} changed.`);
        return 0;
      }
      if (sub === 'delete') {
        await deleteModel(ctx, idOf(args));
        out('Deleted.');
        return 0;
      }
      return fail(`Usage: ${modelCommand.usage}`);
    }),
};
