import { describe, expect, it } from 'vitest';
import { chat, credits, sites } from '@atelier/contracts';
import { fieldsOf } from './schema-fields';
import { toBody } from './schema-form';

describe('forms read from the contracts', () => {
  it('turn a provider body into inputs: the protocol text (its choices are the server’s), the key a secret', () => {
    const fields = Object.fromEntries(
      fieldsOf(chat.adminCreateProvider.body).map((f) => [f.name, f]),
    );
    expect(fields.name).toMatchObject({ type: 'text', required: true });
    expect(fields.protocol).toMatchObject({ type: 'text', required: true });
    expect(fields.apiKey).toMatchObject({ type: 'secret', required: false });
    expect(fields.baseUrl!.type).toBe('text');
    expect(fields.concurrency!.type).toBe('number');
    expect(fields.enabled!.type).toBe('bool');
  });

  it('keep a price key as text and leave the id of an update out', () => {
    const model = fieldsOf(chat.adminUpdateModel.body).map((f) => [f.name, f.type]);
    expect(model).toContainEqual(['priceKey', 'text']);
    expect(model).toContainEqual(['kind', 'select']);
    expect(model.map(([n]) => n)).not.toContain('id');
    const price = Object.fromEntries(
      fieldsOf(credits.adminCreatePrice.body).map((f) => [f.name, f.type]),
    );
    expect(price).toMatchObject({ category: 'select', unit: 'select', credits: 'number' });
  });

  it('give a site’s logo and icon an upload with a preview, other links stay text', () => {
    const site = Object.fromEntries(
      fieldsOf(sites.adminSites.update.body).map((f) => [f.name, f.type]),
    );
    expect(site).toMatchObject({ appLogo: 'picture', appIco: 'picture', index_path: 'text' });
    // A text in three languages is edited whole, never shown as "[object Object]".
    expect(site).toMatchObject({ keywords: 'json', description: 'json' });
  });

  it('send a JSON field parsed, and a plain text typed into it as text', () => {
    const fields = fieldsOf(sites.adminSites.update.body);
    const body = toBody(
      fields,
      { keywords: '{"en-US":"art","zh-CN":"艺术","zh-TW":"藝術"}', top_banner: 'Welcome' },
      true,
    );
    expect(body).toEqual({
      keywords: { 'en-US': 'art', 'zh-CN': '艺术', 'zh-TW': '藝術' },
      top_banner: 'Welcome',
    });
  });
});
