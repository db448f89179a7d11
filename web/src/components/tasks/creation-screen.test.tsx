import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { CreationScreen, TaskCost } from './creation-screen';

const shell = (layout?: 'side' | 'heading-above' | 'stacked') =>
  render(
    <CreationScreen
      screen="draw"
      description="screens:draw"
      layout={layout}
      composer={<form aria-label="composer" />}
      results={<ul aria-label="results" />}
    >
      <div role="dialog" aria-label="crop" />
    </CreationScreen>,
  );

afterEach(cleanup);

describe('CreationScreen', () => {
  it('puts the heading atop the composer column, beside the results', () => {
    const { container } = shell();
    const composer = screen.getByRole('form', { name: 'composer' });
    const column = composer.parentElement!;
    expect(within(column).getByRole('heading', { level: 1 }).textContent).toBe(i18n.t('menu:draw'));
    expect(column.className).toContain('lg:w-[420px]');
    expect(column.nextElementSibling?.contains(screen.getByRole('list'))).toBe(true);
    expect(container.querySelector('section')?.className).toContain('lg:flex-row');
    expect(screen.getByRole('dialog', { name: 'crop' })).toBeTruthy();
  });

  it('can span the heading over both columns', () => {
    shell('heading-above');
    const column = screen.getByRole('form', { name: 'composer' }).parentElement!;
    expect(within(column).queryByRole('heading')).toBeNull();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(i18n.t('menu:draw'));
  });

  it('stacks heading, composer and results in one column', () => {
    const { container } = shell('stacked');
    const section = container.querySelector('section')!;
    const order = [...section.children].map((el) => el.tagName.toLowerCase());
    expect(order).toEqual(['header', 'form', 'ul', 'div']);
    expect(section.className).not.toContain('lg:flex-row');
  });
});

describe('TaskCost', () => {
  it('shows the price, red when the balance is short, and the queue ahead when any', () => {
    render(<TaskCost testId="cost" cost="4 credits" enough={false} ahead="2 ahead of you" />);
    const cost = screen.getByTestId('cost');
    expect(cost.textContent).toBe('4 credits2 ahead of you');
    expect(within(cost).getByText('4 credits').className).toContain('text-red-300');
  });

  it('leaves the queue line out when nothing is ahead', () => {
    render(<TaskCost testId="cost" cost="4 credits" ahead={null} />);
    expect(screen.getByTestId('cost').textContent).toBe('4 credits');
  });
});
