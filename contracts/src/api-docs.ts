import { z } from 'zod';
import type { Endpoint } from './endpoint.js';
import * as contracts from './index.js';
// The operator console's calls are a subpath of their own (`@atelier/contracts/admin`) so that
// the first page, which loads the barrel, does not carry them.
import * as admin from './admin.js';

/*
 * docs/api.md, generated from the contracts: one table per domain listing every endpoint with
 * its method, path, who may call it, its contract name, what it does, what it takes and the
 * top-level fields of its `data`. `node scripts/api-docs.mjs` writes it; a test fails when the
 * file differs from what the contracts say.
 */

const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === 'object' &&
  value !== null &&
  'method' in value &&
  'path' in value &&
  'access' in value &&
  'data' in value;

/** Every endpoint a domain namespace exports (also one level down), named `domain.name`. */
export function allEndpoints(): Array<{ domain: string; name: string; endpoint: Endpoint }> {
  const found: Array<{ domain: string; name: string; endpoint: Endpoint }> = [];
  for (const [domain, exports] of Object.entries({ ...contracts, admin })) {
    if (typeof exports !== 'object' || exports === null) continue;
    for (const [name, value] of Object.entries(exports)) {
      if (isEndpoint(value)) found.push({ domain, name: `${domain}.${name}`, endpoint: value });
      else if (typeof value === 'object' && value !== null)
        for (const [inner, nested] of Object.entries(value))
          if (isEndpoint(nested))
            found.push({ domain, name: `${domain}.${name}.${inner}`, endpoint: nested });
    }
  }
  return found;
}

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
};

/** The top-level fields of a schema as `{ a, b? }` (`?` when optional), or its kind. */
function fieldsOf(schema: z.ZodType | undefined, io: 'input' | 'output'): string {
  if (!schema) return '—';
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  const object = json.properties ? json : json.anyOf?.find((s) => s.properties);
  if (object?.properties) {
    const required = new Set(object.required ?? []);
    const names = Object.keys(object.properties).map((k) => (required.has(k) ? k : `${k}?`));
    return names.length ? `\`{ ${names.join(', ')} }\`` : '`{}`';
  }
  if (json.type === 'array') return '`[…]`';
  if (json.type === 'null') return '`null`';
  return json.type ? `\`${String(json.type)}\`` : 'any';
}

/** Code-unit order: the same on every machine, whatever its locale. */
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** The whole of docs/api.md. */
export function renderApiDocs(): string {
  const byDomain = new Map<string, ReturnType<typeof allEndpoints>>();
  for (const entry of allEndpoints()) {
    const list = byDomain.get(entry.domain) ?? [];
    list.push(entry);
    byDomain.set(entry.domain, list);
  }
  const lines = [
    '# API',
    '',
    '<!-- Generated from contracts/ by `node scripts/api-docs.mjs`: do not edit by hand. -->',
    '',
    'Every call is under `/api` and answers `{ code, success, message, data }` with `code` equal',
    'to the HTTP status; lists are `data: { rows, count }`. **Auth**: `public` (anyone),',
    '`identity` (a guest or a signed-in user), `user` (a signed-in account), `admin`. **Takes**',
    'and **Data** list the top-level fields (`?` optional); the schemas are in',
    '`contracts/src/<domain>.ts`, and what the calls do beyond their schemas is in',
    '[api-behaviour.md](api-behaviour.md). The running server serves its OpenAPI description at',
    '`/api/docs`.',
    '',
  ];
  for (const domain of [...byDomain.keys()].sort()) {
    // By path (a namespace's key order differs between loaders), then method.
    const entries = byDomain
      .get(domain)!
      .sort(
        (a, b) =>
          compare(a.endpoint.path, b.endpoint.path) ||
          compare(a.endpoint.method, b.endpoint.method),
      );
    lines.push(`## ${domain}`, '', `${entries.length} calls, \`contracts/src/${domain}.ts\`.`, '');
    lines.push('| Method | Path | Auth | Contract | What it does | Takes | Data |');
    lines.push('| --- | --- | --- | --- | --- | --- | --- |');
    for (const { name, endpoint: e } of entries) {
      const takes = e.query
        ? `query ${fieldsOf(e.query, 'input')}`
        : e.body
          ? `body ${fieldsOf(e.body, 'input')}`
          : '—';
      lines.push(
        `| ${e.method} | \`${e.path}\` | ${e.access} | \`${name}\` | ${cell(e.summary)} | ${cell(takes)} | ${cell(fieldsOf(e.data, 'output'))} |`,
      );
    }
    lines.push('');
  }
  return `${lines.join('\n')}`;
}
