import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../i18n';
import { setNotifier } from '../../lib/notify';
import { useAppSetting } from '../../stores/app-setting';
import { PhoneCodeForm } from './phone-code-form';
import { normalizePhone } from './validation';

const envelope = (code: number, data: unknown, message = '') =>
  new Response(JSON.stringify({ code, success: code < 300, message, data }), {
    status: code,
    headers: { 'content-type': 'application/json' },
  });

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
const field = (id: string) => document.getElementById(id) as HTMLInputElement;
const type = (id: string, value: string) => fireEvent.change(field(id), { target: { value } });
const sent = (i: number) => {
  const [url, init] = fetchMock.mock.calls[i]!;
  return { url: String(url), body: JSON.parse(String(init!.body)) as Record<string, unknown> };
};

beforeEach(() => {
  setNotifier({ error: () => {}, success: () => {}, info: () => {} });
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
  useAppSetting.setState({ language: 'zh-CN' });
  render(<PhoneCodeForm active onDone={() => {}} />);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setNotifier(null);
});

describe('phone code form', () => {
  it('reads numbers as the server does', () => {
    expect(normalizePhone('139 1234 5678')).toBe('+8613912345678');
    expect(normalizePhone('00852-9123-4567')).toBe('+85291234567');
    expect(normalizePhone('+1 (415) 555-0100')).toBe('+14155550100');
  });

  it('names a wrong number in the user language and sends nothing', async () => {
    type('phone-number', '12345');
    fireEvent.click(screen.getByTestId('phone-code-send'));
    expect(await screen.findByText(/请输入手机号/)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends a bare mainland number as +86, then counts down before another', async () => {
    fetchMock.mockResolvedValueOnce(envelope(200, { expiresInSeconds: 300 }));
    type('phone-number', '13912345678');
    fireEvent.click(screen.getByTestId('phone-code-send'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(sent(0).url).toContain('/api/auth/phone/code');
    expect(sent(0).body).toEqual({ phone: '+8613912345678' });
    await waitFor(() =>
      expect((screen.getByTestId('phone-code-send') as HTMLButtonElement).disabled).toBe(true),
    );
    expect(screen.getByTestId('phone-code-send').textContent).toMatch(/\d+ 秒后重发/);

    fetchMock.mockResolvedValueOnce(
      envelope(
        400,
        { errors: [{ field: 'code', message: '验证码错误或已过期' }] },
        '验证码错误或已过期',
      ),
    );
    type('phone-code', '123456');
    fireEvent.submit(field('phone-code').closest('form')!);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(sent(1).body).toMatchObject({ phone: '+8613912345678', code: '123456' });
    expect(await screen.findByText('验证码错误或已过期')).toBeTruthy();
    expect(field('phone-number').value).toBe('13912345678');
  });
});
