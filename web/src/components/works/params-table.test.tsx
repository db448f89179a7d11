import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadLazyNamespaces } from '../../i18n';
import { useAppSetting } from '../../stores/app-setting';
import { ParamsTable } from './params-table';

beforeAll(() => loadLazyNamespaces());
beforeEach(() => useAppSetting.setState({ language: 'en-US' }));
afterEach(cleanup);

describe("a work's parameters", () => {
  it('shows what the SD3 form and the Midjourney flags stored, by name, without internal ones', () => {
    render(
      <ParamsTable
        params={{
          modelId: 4,
          seed: null,
          form: { mode: 'text-to-image', aspectRatio: '1:1', outputFormat: 'png', modelId: 4 },
        }}
      />,
    );
    const table = screen.getByTestId('work-params');
    expect(table.textContent).toContain('Aspect ratio1:1');
    expect(table.textContent).toContain('ModeText to picture');
    expect(table.textContent).not.toContain('modelId');
    cleanup();
    render(<ParamsTable params={{ flags: { aspect: '3:2' }, botType: 'MID_JOURNEY' }} />);
    expect(screen.getByTestId('work-params').textContent).toBe('Aspect ratio3:2');
  });
});
