import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { wakeAntd } from './lite';
import { InputNumber, Segmented, Slider, Switch } from './lite-forms';
import { forgetAntdForTests } from './lite-core';

// Another test file in this worker may have loaded antd already: start from before that.
beforeAll(forgetAntdForTests);
afterEach(cleanup);

/** A parent that keeps the value, as the screens do (controlled stand-ins). */
function Controlled<V>(props: {
  initial: V;
  render: (value: V, set: (v: V) => void) => React.ReactNode;
  seen?: (v: V) => void;
}) {
  const [value, setValue] = useState(props.initial);
  return (
    <>
      {props.render(value, (v) => {
        props.seen?.(v);
        setValue(v);
      })}
    </>
  );
}

// One file, in order: the module keeps antd once loaded, as the page does.
describe('the light form controls', () => {
  it('choose a segment by click and by arrow key before antd is there', () => {
    const seen = vi.fn();
    render(
      <Controlled<number>
        initial={1}
        seen={seen}
        render={(value, set) => (
          <Segmented<number> value={value} onChange={set} options={[1, 2, 3]} />
        )}
      />,
    );
    const group = screen.getByRole('radiogroup');
    expect(group.className).toMatch(/ant-segmented/);
    expect(group.className).not.toMatch(/css-/);
    expect(screen.getByTitle('1').closest('label')?.className).toMatch(/item-selected/);
    fireEvent.click(screen.getByTitle('3'));
    expect(seen).toHaveBeenLastCalledWith(3);
    expect(screen.getByTitle('3').closest('label')?.className).toMatch(/item-selected/);
    expect(screen.getByTitle('1').closest('label')?.className).not.toMatch(/item-selected/);
    fireEvent.keyDown(group, { key: 'ArrowRight' });
    expect(seen).toHaveBeenLastCalledWith(1);
    fireEvent.keyDown(group, { key: 'ArrowLeft' });
    expect(seen).toHaveBeenLastCalledWith(3);
  });

  it('toggle a switch, controlled or not', () => {
    const onChange = vi.fn();
    render(
      <>
        <Switch aria-label="own" onChange={onChange} />
        <Switch aria-label="kept" checked onChange={onChange} />
      </>,
    );
    const own = screen.getByRole('switch', { name: 'own' });
    expect(own.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(own);
    expect(onChange).toHaveBeenLastCalledWith(true, expect.anything());
    expect(own.getAttribute('aria-checked')).toBe('true');
    expect(own.className).toMatch(/ant-switch-checked/);
    const kept = screen.getByRole('switch', { name: 'kept' });
    fireEvent.click(kept);
    expect(onChange).toHaveBeenLastCalledWith(false, expect.anything());
    // Controlled: the parent did not change it, so it stays on.
    expect(kept.getAttribute('aria-checked')).toBe('true');
  });

  it('take typed numbers within the range, step with the arrows and fit on leaving', () => {
    const seen = vi.fn();
    render(
      <Controlled<number | null>
        initial={null}
        seen={seen}
        render={(value, set) => (
          <InputNumber
            aria-label="seed"
            min={0}
            max={10}
            step={0.5}
            value={value}
            placeholder="Random"
            onChange={set}
          />
        )}
      />,
    );
    const field = screen.getByRole('spinbutton', { name: 'seed' });
    expect((field as HTMLInputElement).placeholder).toBe('Random');
    fireEvent.change(field, { target: { value: '7' } });
    expect(seen).toHaveBeenLastCalledWith(7);
    fireEvent.change(field, { target: { value: '7.' } });
    // A number on its way ("7.") keeps what the user typed and reports nothing new.
    expect((field as HTMLInputElement).value).toBe('7.');
    expect(seen).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(field, { key: 'ArrowUp' });
    expect(seen).toHaveBeenLastCalledWith(7.5);
    expect((field as HTMLInputElement).value).toBe('7.5');
    fireEvent.change(field, { target: { value: '42' } });
    expect(seen).toHaveBeenLastCalledWith(7.5);
    fireEvent.blur(field);
    expect(seen).toHaveBeenLastCalledWith(10);
    expect((field as HTMLInputElement).value).toBe('10');
    fireEvent.change(field, { target: { value: '' } });
    expect(seen).toHaveBeenLastCalledWith(null);
  });

  it('move a slider by keys and by a press on its rail', () => {
    const seen = vi.fn();
    render(
      <Controlled<number>
        initial={4}
        seen={seen}
        render={(value, set) => (
          <Slider
            min={1}
            max={10}
            step={0.5}
            value={value}
            onChange={set}
            ariaLabelForHandle="cfg"
          />
        )}
      />,
    );
    const handle = screen.getByRole('slider', { name: 'cfg' });
    expect(handle.getAttribute('aria-valuenow')).toBe('4');
    fireEvent.keyDown(handle, { key: 'ArrowRight' });
    expect(seen).toHaveBeenLastCalledWith(4.5);
    fireEvent.keyDown(handle, { key: 'End' });
    expect(seen).toHaveBeenLastCalledWith(10);
    fireEvent.keyDown(handle, { key: 'Home' });
    expect(handle.getAttribute('aria-valuenow')).toBe('1');
    const rail = handle.parentElement!;
    expect(rail.className).toMatch(/ant-slider/);
    rail.getBoundingClientRect = () => ({ left: 100, width: 200 }) as DOMRect;
    rail.setPointerCapture = () => undefined;
    // 3/4 along the rail: 1 + 0.75 × 9 = 7.75, to the step: 8.
    fireEvent.pointerDown(rail, { clientX: 250, button: 0, pointerId: 1 });
    fireEvent.pointerUp(rail, { pointerId: 1 });
    expect(seen).toHaveBeenLastCalledWith(8);
    expect(handle.getAttribute('aria-valuenow')).toBe('8');
  });

  it('render the real control in place once antd is there, with the value and the focus', async () => {
    forgetAntdForTests();
    render(
      <>
        <Segmented<string> defaultValue="b" options={['a', 'b']} />
        <Switch aria-label="on" defaultChecked />
        <InputNumber aria-label="n" defaultValue={3} />
      </>,
    );
    // The user chose "a" before antd came: the real one shows "a", not its default.
    fireEvent.click(screen.getByTitle('a'));
    const field = screen.getByRole('spinbutton', { name: 'n' });
    fireEvent.focus(field);
    await act(() => wakeAntd());
    await waitFor(() => expect(screen.getByRole('radiogroup').className).toMatch(/css-/));
    expect(document.querySelector('.ant-segmented-item-selected')?.textContent).toBe('a');
    expect(screen.getByRole('switch', { name: 'on' }).className).toMatch(/css-/);
    expect(screen.getByRole('switch', { name: 'on' }).getAttribute('aria-checked')).toBe('true');
    const real = screen.getByRole('spinbutton', { name: 'n' });
    expect(real.closest('.ant-input-number')?.className).toMatch(/css-/);
    expect((real as HTMLInputElement).value).toBe('3');
    expect(document.activeElement).toBe(real);
  });

  it('keeps a pressed slider until the press ends, then the real one', async () => {
    forgetAntdForTests();
    const onChange = vi.fn();
    render(<Slider min={0} max={100} defaultValue={10} onChange={onChange} />);
    const handle = screen.getByRole('slider');
    const rail = handle.parentElement!;
    rail.getBoundingClientRect = () => ({ left: 0, width: 100 }) as DOMRect;
    rail.setPointerCapture = () => undefined;
    fireEvent.pointerDown(rail, { clientX: 60, button: 0, pointerId: 1 });
    await act(() => wakeAntd());
    // antd is there, but the pressed slider stays the one pressed.
    expect(screen.getByRole('slider')).toBe(handle);
    expect(onChange).toHaveBeenLastCalledWith(60);
    fireEvent.pointerUp(rail, { pointerId: 1 });
    await waitFor(() =>
      expect(screen.getByRole('slider').closest('.ant-slider')?.className).toMatch(/css-/),
    );
    expect(screen.getByRole('slider').getAttribute('aria-valuenow')).toBe('60');
  });
});
