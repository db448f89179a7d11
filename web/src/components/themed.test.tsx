import { act, cleanup, render, screen } from '@testing-library/react';
import Empty from 'antd/es/empty';
import { useEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useAppSetting } from '../stores/app-setting';
import { Themed } from './themed';

let mounts = 0;
function Screen() {
  useEffect(() => {
    mounts += 1;
  }, []);
  return <Empty />;
}

afterEach(() => {
  cleanup();
  act(() => useAppSetting.getState().setLanguage('en-US'));
});

describe('Themed', () => {
  it("switches antd's texts with the language, loading them, without mounting its children again", async () => {
    useAppSetting.getState().setLanguage('en-US');
    mounts = 0;
    render(
      <Themed>
        <Screen />
      </Themed>,
    );
    expect(await screen.findAllByText('No data')).not.toHaveLength(0);
    act(() => useAppSetting.getState().setLanguage('zh-CN'));
    expect(await screen.findAllByText('暂无数据')).not.toHaveLength(0);
    act(() => useAppSetting.getState().setLanguage('zh-TW'));
    expect(await screen.findAllByText('無此資料')).not.toHaveLength(0);
    expect(mounts).toBe(1);
  });

  it('starts a unit mounted later with the texts already loaded for the language', async () => {
    act(() => useAppSetting.getState().setLanguage('zh-CN'));
    const first = render(
      <Themed>
        <Empty />
      </Themed>,
    );
    expect(await screen.findAllByText('暂无数据')).not.toHaveLength(0);
    first.unmount();
    render(
      <Themed>
        <Empty />
      </Themed>,
    );
    // At once: no English first.
    expect(screen.getAllByText('暂无数据')).not.toHaveLength(0);
  });
});
