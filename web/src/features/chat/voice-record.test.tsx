import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNotifier } from '../../lib/notify';
import { useAppSetting } from '../../stores/app-setting';
import { MicButton } from './voice-record';

/**
 * The voice prices as `/chat/voice-info` answers them, put in the query cache (signed out, the
 * query itself does not run), and the server's transcription answered by a stubbed `fetch`:
 * no module mock, which a file run before this one in the same worker (files share modules,
 * docs/testing.md) could have made useless by loading the real module first.
 */
const voiceInfo = {
  transcribe: { available: true, demo: true, credits: 1, per: 'call' },
  speak: { available: true, demo: true, credits: 1, per: 'call' },
  maxSeconds: 120,
  maxBytes: 10 * 1024 * 1024,
};
function withVoice(children: ReactNode) {
  const client = new QueryClient();
  client.setQueryData(['chat', 'voice-info', null], voiceInfo);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
const transcribe = vi.fn<typeof fetch>();

/** A MediaRecorder that records nothing but keeps its state as the real one does. */
class FakeRecorder {
  static isTypeSupported = (type: string) => type === 'audio/webm';
  state: 'inactive' | 'recording' = 'inactive';
  mimeType = 'audio/webm';
  ondataavailable: ((e: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  start() {
    this.state = 'recording';
  }
  stop() {
    this.state = 'inactive';
    this.ondataavailable?.({ data: new Blob(['x'], { type: 'audio/webm' }) });
    this.onstop?.();
  }
}

const errors: string[] = [];
const stopped = vi.fn();

beforeEach(() => {
  errors.length = 0;
  setNotifier({ error: (t) => errors.push(t), success: () => undefined, info: () => undefined });
  vi.stubGlobal('MediaRecorder', FakeRecorder);
  vi.stubGlobal('fetch', transcribe);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setNotifier(null);
  transcribe.mockReset();
});

const withMicrophone = (getUserMedia: () => Promise<unknown>) =>
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia },
  });

describe('the microphone of the composer', () => {
  it('says a blocked microphone is blocked, in the user’s language', async () => {
    useAppSetting.setState({ language: 'zh-CN' });
    withMicrophone(() => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    render(withVoice(<MicButton text="" onText={() => undefined} />));
    await act(async () => fireEvent.click(screen.getByTestId('chat-mic')));
    expect(errors).toEqual(['麦克风已被禁止。请在浏览器中允许本站使用麦克风后重试。']);
    expect(screen.queryByTestId('chat-recording')).toBeNull();
  });

  it('records with a counter; Esc cancels without sending anything and lets the microphone go', async () => {
    useAppSetting.setState({ language: 'en-US' });
    withMicrophone(() => Promise.resolve({ getTracks: () => [{ stop: stopped }] }));
    render(withVoice(<MicButton text="" onText={() => undefined} />));
    await act(async () => fireEvent.click(screen.getByTestId('chat-mic')));
    expect(screen.getByTestId('chat-recording-seconds').textContent).toBe('0:00');
    await act(async () => fireEvent.keyDown(window, { key: 'Escape' }));
    expect(screen.queryByTestId('chat-recording')).toBeNull();
    expect(transcribe).not.toHaveBeenCalled();
    expect(stopped).toHaveBeenCalled();
  });

  it('stops and puts the transcript after the composer’s text', async () => {
    useAppSetting.setState({ language: 'en-US' });
    withMicrophone(() => Promise.resolve({ getTracks: () => [{ stop: stopped }] }));
    transcribe.mockResolvedValue(
      new Response(
        JSON.stringify({
          code: 200,
          success: true,
          message: '',
          data: { text: 'hello there', demo: false, seconds: 1, credits: 1 },
        }),
        { status: 200, headers: { 'content-type': 'application/json' } },
      ),
    );
    const onText = vi.fn();
    render(withVoice(<MicButton text="Question:" onText={onText} />));
    await act(async () => fireEvent.click(screen.getByTestId('chat-mic')));
    await act(async () => fireEvent.click(screen.getByTestId('chat-recording-stop')));
    await vi.waitFor(() => expect(onText).toHaveBeenCalled());
    expect(transcribe).toHaveBeenCalledTimes(1);
    expect(String(transcribe.mock.calls[0]![0])).toContain('/chat/voice/transcribe');
    expect(onText).toHaveBeenCalledWith('Question: hello there');
  });
});
