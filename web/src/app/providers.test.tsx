import { act, cleanup, render, screen } from '@testing-library/react';
import Empty from 'antd/es/empty';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdEarlyToasts, notify, setNotifier } from '../lib/notify';
import { useAppSetting } from '../stores/app-setting';
import { Providers } from './providers';

let mounts = 0;
function Screen() {
  useEffect(() => {
    mounts += 1;
  }, []);
  return <Empty />;
}

afterEach(() => {
  cleanup();
  setNotifier(null);
});

describe('the providers', () => {
  it("switch antd's texts with the language, loading them, without mounting the app again", async () => {
    useAppSetting.getState().setLanguage('en-US');
    mounts = 0;
    render(
      <Providers>
        <Screen />
      </Providers>,
    );
    expect(await screen.findAllByText('No data')).not.toHaveLength(0);
    act(() => useAppSetting.getState().setLanguage('zh-CN'));
    expect(await screen.findAllByText('暂无数据')).not.toHaveLength(0);
    act(() => useAppSetting.getState().setLanguage('zh-TW'));
    expect(await screen.findAllByText('無此資料')).not.toHaveLength(0);
    expect(mounts).toBe(1);
    act(() => useAppSetting.getState().setLanguage('en-US'));
  });

  it("load antd's message API with the first toast and show that toast", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    holdEarlyToasts();
    render(
      <Providers>
        <p>screen</p>
      </Providers>,
    );
    expect(screen.getByText('screen')).toBeTruthy();
    act(() => notify.error('The call failed'));
    expect(await screen.findByText('The call failed')).toBeTruthy();
    act(() => notify.success('Saved'));
    expect(await screen.findByText('Saved')).toBeTruthy();
  });
});
