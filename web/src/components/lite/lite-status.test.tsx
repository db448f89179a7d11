import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Progress, Spin, Tag } from './lite-forms';

afterEach(cleanup);

/** The bar's fill (the rail's only child). */
const bar = (root: HTMLElement) => root.querySelector<HTMLElement>('.ant-progress-bg');

describe('Progress drawn without antd', () => {
  it('is a progress bar with antd attributes, its width and percent', () => {
    render(<Progress percent={42} size="small" status="active" aria-label="Drawing" />);
    const root = screen.getByRole('progressbar', { name: 'Drawing' });
    expect(root.getAttribute('aria-valuenow')).toBe('42');
    expect(root.getAttribute('aria-valuemin')).toBe('0');
    expect(root.getAttribute('aria-valuemax')).toBe('100');
    expect(root.className).toContain('ant-progress-status-active');
    expect(root.className).toContain('ant-progress-small');
    expect(root.className).not.toMatch(/css-/);
    expect(bar(root)?.style.width).toBe('42%');
    expect(bar(root)?.style.height).toBe('6px');
    expect(root.querySelector('.ant-progress-text')?.textContent).toBe('42%');
    // The active shine turns.
    expect(root.querySelector('[class*="lite-progress-active"]')).toBeTruthy();
  });

  it('clamps, hides the text on request and takes a colour', () => {
    render(<Progress percent={140} showInfo={false} strokeColor="#ff0000" status="normal" />);
    const root = screen.getByRole('progressbar');
    expect(root.getAttribute('aria-valuenow')).toBe('100');
    expect(bar(root)?.style.width).toBe('100%');
    expect(bar(root)?.style.height).toBe('8px');
    expect(bar(root)?.style.background).toMatch(/rgb\(255, 0, 0\)|#ff0000/);
    expect(root.querySelector('.ant-progress-text')).toBeNull();
  });

  it('is a success at 100 % and shows the icons of success and failure', () => {
    render(
      <>
        <Progress percent={100} />
        <Progress percent={30} status="exception" />
      </>,
    );
    const [done, failed] = screen.getAllByRole('progressbar');
    expect(done!.className).toContain('ant-progress-status-success');
    expect(done!.querySelector('.anticon-check-circle')).toBeTruthy();
    expect(failed!.className).toContain('ant-progress-status-exception');
    expect(failed!.querySelector('.anticon-close-circle')).toBeTruthy();
    expect(failed!.getAttribute('aria-valuenow')).toBe('30');
  });
});

describe('Spin drawn without antd', () => {
  it('draws four turning dots, busy and labelled', () => {
    render(<Spin aria-label="Loading models" size="small" />);
    const spin = screen.getByLabelText('Loading models');
    expect(spin.getAttribute('aria-busy')).toBe('true');
    expect(spin.className).toContain('ant-spin-sm');
    expect(spin.className).toContain('ant-spin-spinning');
    expect(spin.querySelectorAll('.ant-spin-dot-item')).toHaveLength(4);
  });

  it('dims its children while spinning and shows them alone after', () => {
    const { rerender } = render(
      <Spin tip="Wait">
        <p>content</p>
      </Spin>,
    );
    expect(screen.getByText('Wait')).toBeTruthy();
    expect(screen.getByText('content').parentElement!.className).toContain('ant-spin-blur');
    rerender(
      <Spin spinning={false} tip="Wait">
        <p>content</p>
      </Spin>,
    );
    expect(screen.queryByText('Wait')).toBeNull();
    expect(screen.getByText('content').parentElement!.className).not.toContain('ant-spin-blur');
  });
});

describe('Tag drawn without antd', () => {
  it("draws antd's preset, custom and plain looks", () => {
    render(
      <>
        <Tag color="green">ok</Tag>
        <Tag color="#f50">custom</Tag>
        <Tag bordered={false} className="!m-0">
          plain
        </Tag>
      </>,
    );
    const ok = screen.getByText('ok');
    expect(ok.classList.contains('ant-tag')).toBe(true);
    expect(ok.classList.contains('ant-tag-green')).toBe(true);
    expect(ok.style.getPropertyValue('--tag-text')).toBe('#6abe39');
    const custom = screen.getByText('custom');
    expect(custom.className).toContain('ant-tag-has-color');
    expect(custom.style.backgroundColor).toMatch(/rgb\(255, 85, 0\)|#f50/);
    const plain = screen.getByText('plain');
    expect(plain.className).toContain('ant-tag-borderless');
    expect(plain.className).toContain('!m-0');
  });

  it('checks and unchecks a checkable tag', () => {
    const onChange = vi.fn();
    render(
      <Tag.CheckableTag checked={false} onChange={onChange}>
        pick
      </Tag.CheckableTag>,
    );
    fireEvent.click(screen.getByText('pick'));
    expect(onChange).toHaveBeenCalledWith(true);
  });
});
