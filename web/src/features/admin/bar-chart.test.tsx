import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LabelledBars } from './bar-chart';

afterEach(cleanup);

describe('credits per kind', () => {
  it('names every bar, not only the first and the last', () => {
    render(
      <LabelledBars
        title="Credits spent per kind"
        points={[
          { label: 'Pictures', value: 30 },
          { label: 'Chat', value: 12 },
          { label: 'Music', value: 8 },
          { label: 'Video', value: 0 },
        ]}
      />,
    );
    const rows = within(screen.getByRole('list', { name: 'Credits spent per kind' })).getAllByRole(
      'listitem',
    );
    expect(rows.map((r) => r.textContent)).toEqual(['Pictures30', 'Chat12', 'Music8', 'Video0']);
  });
});
