import { globalRegistry, type z } from 'zod';

/*
 * The console's forms are read from the contracts: each field of an endpoint's body becomes an
 * input of its kind (a new task kind or price category appears in the form as soon as the
 * contract's enum has it, without a new screen; a provider's protocols are the server's own list,
 * given to the form as its choices by section-providers.tsx).
 */

export type FieldType =
  'text' | 'textarea' | 'number' | 'bool' | 'select' | 'secret' | 'json' | 'picture';

export interface FieldSpec {
  name: string;
  type: FieldType;
  options: string[];
  required: boolean;
}

interface Def {
  type: string;
  innerType?: z.ZodType;
  out?: z.ZodType;
  in?: z.ZodType;
  entries?: Record<string, string>;
  options?: z.ZodType[];
  values?: unknown[];
  shape?: Record<string, z.ZodType>;
}

const defOf = (s: z.ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;

const SECRET = /key$|secret|password|token|privatekey|cert/i;
const LONG = /prompt|content|description|text|note|body|answer|css|html|about/i;

/** The schema under optional / default / nullable / preprocess wrappers, and whether it may be left out. */
function unwrap(schema: z.ZodType): { inner: z.ZodType; optional: boolean } {
  let s = schema;
  let optional = false;
  let nonOptional = false;
  for (let i = 0; i < 10; i++) {
    const d = defOf(s);
    if (['optional', 'default', 'prefault', 'nullable'].includes(d.type)) {
      optional = true;
      s = d.innerType!;
    } else if (['nonoptional', 'readonly', 'catch'].includes(d.type)) {
      nonOptional ||= d.type === 'nonoptional';
      s = d.innerType!;
    } else if (d.type === 'pipe') s = defOf(d.in!).type === 'transform' ? d.out! : d.in!;
    else break;
  }
  return { inner: s, optional: optional && !nonOptional };
}

function typeOf(name: string, s: z.ZodType): { type: FieldType; options: string[] } {
  const d = defOf(s);
  if (d.type === 'enum') return { type: 'select', options: Object.values(d.entries ?? {}) };
  if (d.type === 'boolean') return { type: 'bool', options: [] };
  if (d.type === 'number' || d.type === 'int') return { type: 'number', options: [] };
  if (d.type === 'union') {
    const kinds = (d.options ?? []).map((o) => typeOf(name, unwrap(o).inner));
    // A text or its languages (`{ "en-US": …, "zh-CN": … }`): edited as JSON, so the three
    // languages survive an edit; a plain text typed instead is sent as it is (schema-form.tsx).
    if ((d.options ?? []).some((o) => defOf(unwrap(o).inner).type === 'object'))
      return { type: 'json', options: [] };
    if (kinds.some((k) => k.type === 'text' || k.type === 'secret' || k.type === 'textarea'))
      return typeOf(name, unwrap((d.options ?? []).find((o) => defOf(o).type === 'string')!).inner);
    if (kinds.some((k) => k.type === 'bool')) return { type: 'bool', options: [] };
    return kinds[0] ?? { type: 'text', options: [] };
  }
  // A picture's address (contracts' `pictureUrl`): an upload button and a preview.
  if (d.type === 'string' && globalRegistry.get(s)?.['x-picture'] === true)
    return { type: 'picture', options: [] };
  if (d.type === 'string')
    return {
      type: isSecretField(name) ? 'secret' : LONG.test(name) ? 'textarea' : 'text',
      options: [],
    };
  return { type: 'json', options: [] };
}

/** The fields of an object schema (an endpoint's body), `id` left out. */
export function fieldsOf(schema: z.ZodType | undefined): FieldSpec[] {
  if (!schema) return [];
  const shape = defOf(unwrap(schema).inner).shape ?? {};
  return Object.entries(shape)
    .filter(([name]) => name !== 'id')
    .map(([name, field]) => {
      const { inner, optional } = unwrap(field);
      return { name, ...typeOf(name, inner), required: !optional };
    });
}

/** Whether a field holds a secret: never shown, never sent back unless typed anew. */
export const isSecretField = (name: string) => SECRET.test(name) && !/^priceKey$/i.test(name);
