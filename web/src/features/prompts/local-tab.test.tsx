import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadLazyNamespaces } from '../../i18n';
import { setNotifier } from '../../lib/notify';
import { useAppSetting } from '../../stores/app-setting';
import { usePromptStore } from '../../stores/prompt-store';
import { LocalTab } from './local-tab';

let toasts: string[];
const onUse = vi.fn<(content: string) => void>();

beforeAll(() => loadLazyNamespaces());

beforeEach(() => {
  toasts = [];
  setNotifier({
    error: (m) => toasts.push(`error:${m}`),
    success: (m) => toasts.push(`success:${m}`),
    info: () => {},
  });
  localStorage.clear();
  useAppSetting.setState({ language: 'zh-CN' });
  usePromptStore.setState({
    promptList: [{ title: '周报', content: '总结我这一周的工作' }],
    chosen: null,
  });
  onUse.mockReset();
  render(<LocalTab onUse={onUse} />);
});

afterEach(() => {
  cleanup();
  setNotifier(null);
});

const field = (id: string) => document.getElementById(id) as HTMLInputElement;

const pick = async (text: string) => {
  const input = screen.getByTestId('prompt-import-file') as HTMLInputElement;
  const file = new File([text], 'prompts.json', { type: 'application/json' });
  await act(async () => {
    fireEvent.change(input, { target: { files: [file] } });
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
};

// The first antd modal render is slow in happy-dom on a loaded machine.
describe('LocalTab', { timeout: 30_000 }, () => {
  it('refuses a repeated title and a repeated content with the spec texts, then adds', async () => {
    fireEvent.click(screen.getByRole('button', { name: /添加/ }));
    fireEvent.change(field('prompt-title'), { target: { value: '周报' } });
    fireEvent.change(field('prompt-content'), { target: { value: '新的内容' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect((await screen.findByRole('alert')).textContent).toBe('标题重复，请重新输入');

    fireEvent.change(field('prompt-title'), { target: { value: '月报' } });
    fireEvent.change(field('prompt-content'), { target: { value: '总结我这一周的工作' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect((await screen.findByRole('alert')).textContent).toBe('内容重复：周报，请重新输入');
    expect(usePromptStore.getState().promptList).toHaveLength(1);

    fireEvent.change(field('prompt-content'), { target: { value: '总结我这个月的工作' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(usePromptStore.getState().promptList.map((p) => p.title)).toEqual(['周报', '月报']);
    expect(toasts).toEqual(['success:添加成功']);
  });

  it('reports what an import added and skipped, and a file of other keys', async () => {
    await pick(
      JSON.stringify([
        { title: '周报', content: '别的内容' },
        { key: '翻译', value: '把下面的话翻译成英文' },
      ]),
    );
    const outcome = screen.getByTestId('prompt-import-outcome');
    expect(outcome.textContent).toContain('导入成功');
    expect(outcome.textContent).toContain('新增 1 条，跳过 1 条（标题或内容重复）');
    await pick('[{"name":"x"}]');
    expect(screen.getByTestId('prompt-import-outcome').textContent).toBe('键值不匹配');
    expect(usePromptStore.getState().promptList).toHaveLength(2);
  });

  it('hands the content of a prompt to use', () => {
    fireEvent.click(screen.getByRole('button', { name: /使用 周报/ }));
    expect(onUse).toHaveBeenCalledWith('总结我这一周的工作');
  });
});
