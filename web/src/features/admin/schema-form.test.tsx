import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chat } from '@atelier/contracts';
import { loadLazyNamespaces } from '../../i18n';
import { fieldsOf } from './schema-fields';
import { SchemaForm } from './schema-form';

beforeAll(() => loadLazyNamespaces());
afterEach(cleanup);

const form = (initial: Record<string, unknown> | null) =>
  render(
    <SchemaForm
      open
      title="Provider"
      fields={fieldsOf(chat.adminCreateProvider.body)}
      initial={initial}
      busy={false}
      onCancel={() => {}}
      onSubmit={() => {}}
    />,
  );

describe('console forms', () => {
  it("a new row's Enabled switch shows on, as the server saves it when left out", async () => {
    form(null);
    const on = await screen.findByRole('switch');
    expect(on.getAttribute('aria-checked')).toBe('true');
  });

  it("an edited row's switch shows the row's own value", async () => {
    form({ name: 'x', protocol: 'demo', enabled: false });
    expect((await screen.findByRole('switch')).getAttribute('aria-checked')).toBe('false');
  });
});
