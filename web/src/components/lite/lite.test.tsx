import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Button, Select, Tabs, wakeAntd } from './lite';
import { forgetAntdForTests } from './lite-core';

// Another test file in this worker may have loaded antd already: start from before that.
beforeAll(forgetAntdForTests);
afterEach(cleanup);

const items = [
  { key: 'a', label: 'First', children: <p>first pane</p> },
  { key: 'b', label: 'Second', children: <p>second pane</p> },
];

// One file, in order: the module keeps antd once loaded, as the page does.
describe('the light stand-ins', () => {
  it('run a button click and switch tabs before antd is there, fetching none of it', () => {
    const onClick = vi.fn();
    const onChange = vi.fn();
    render(
      <>
        <Button onClick={onClick}>Go</Button>
        <Tabs activeKey="a" onChange={onChange} items={items} />
      </>,
    );
    const go = screen.getByRole('button', { name: 'Go' });
    expect(go.className).not.toMatch(/css-/);
    fireEvent.click(go);
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(screen.getByText('first pane')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Second' }));
    expect(onChange).toHaveBeenCalledWith('b');
  });

  it('shows the chosen option and opens the real select in its place when pressed', async () => {
    render(
      <Select<number>
        id="pick"
        value={2}
        options={[
          { value: 1, label: 'One' },
          { value: 2, label: 'Two' },
        ]}
      />,
    );
    const box = screen.getByRole('combobox');
    expect(box.textContent).toBe('Two');
    fireEvent.pointerDown(box);
    fireEvent.pointerUp(box);
    fireEvent.click(box);
    await act(() => wakeAntd());
    await waitFor(() => expect(document.querySelector('.ant-select-dropdown')).toBeTruthy());
    expect(screen.getByRole('combobox').id).toBe('pick');
  });

  it('keeps a pressed stand-in until the press ends, so its click is not lost', async () => {
    forgetAntdForTests();
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Go</Button>);
    const go = screen.getByRole('button', { name: 'Go' });
    fireEvent.pointerDown(go);
    await act(() => wakeAntd());
    // antd is there, but the pressed button stays the one pressed.
    expect(screen.getByRole('button', { name: 'Go' })).toBe(go);
    fireEvent.pointerUp(go);
    fireEvent.click(go);
    expect(onClick).toHaveBeenCalledTimes(1);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Go' }).className).toMatch(/css-/),
    );
  });

  it('renders antd itself once it is loaded', async () => {
    await wakeAntd();
    render(<Button type="primary">Go</Button>);
    const go = screen.getByRole('button', { name: 'Go' });
    expect(go.className).toMatch(/ant-btn-primary/);
    expect(go.className).toMatch(/css-/);
  });
});
