import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { setNotifier as SetNotifier } from '../../lib/notify';
import type { useAppSetting as UseAppSetting } from '../../stores/app-setting';
import type { MicButton as MicButtonType } from './voice-record';

const voice = vi.hoisted(() => ({
  transcribeRecording: vi.fn(),
}));
vi.mock('./voice-api', () => ({
  perKeys: { call: 'chat:voice.per.call', second: 'chat:voice.per.second', '1k_chars': 'x' },
  transcribeRecording: voice.transcribeRecording,
  useVoiceInfo: () => ({
    data: {
      transcribe: { available: true, demo: true, credits: 1, per: 'call' },
      speak: { available: true, demo: true, credits: 1, per: 'call' },
      maxSeconds: 120,
      maxBytes: 10 * 1024 * 1024,
    },
  }),
}));

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

/**
 * The button (and the notifier and store it uses) is imported afresh, after the mock: a file run before this one in the same worker
 * (files share modules, docs/testing.md) may have loaded the real `voice-api` already.
 */
let MicButton: typeof MicButtonType;
let setNotifier: typeof SetNotifier;
let useAppSetting: typeof UseAppSetting;
beforeAll(async () => {
  vi.resetModules();
  ({ MicButton } = await import('./voice-record'));
  ({ setNotifier } = await import('../../lib/notify'));
  ({ useAppSetting } = await import('../../stores/app-setting'));
});

const errors: string[] = [];
const stopped = vi.fn();

beforeEach(() => {
  errors.length = 0;
  setNotifier({ error: (t) => errors.push(t), success: () => undefined, info: () => undefined });
  vi.stubGlobal('MediaRecorder', FakeRecorder);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setNotifier(null);
  voice.transcribeRecording.mockReset();
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
    render(<MicButton text="" onText={() => undefined} />);
    await act(async () => fireEvent.click(screen.getByTestId('chat-mic')));
    expect(errors).toEqual(['麦克风已被禁止。请在浏览器中允许本站使用麦克风后重试。']);
    expect(screen.queryByTestId('chat-recording')).toBeNull();
  });

  it('records with a counter; Esc cancels without sending anything and lets the microphone go', async () => {
    useAppSetting.setState({ language: 'en-US' });
    withMicrophone(() => Promise.resolve({ getTracks: () => [{ stop: stopped }] }));
    render(<MicButton text="" onText={() => undefined} />);
    await act(async () => fireEvent.click(screen.getByTestId('chat-mic')));
    expect(screen.getByTestId('chat-recording-seconds').textContent).toBe('0:00');
    await act(async () => fireEvent.keyDown(window, { key: 'Escape' }));
    expect(screen.queryByTestId('chat-recording')).toBeNull();
    expect(voice.transcribeRecording).not.toHaveBeenCalled();
    expect(stopped).toHaveBeenCalled();
  });

  it('stops and puts the transcript after the composer’s text', async () => {
    useAppSetting.setState({ language: 'en-US' });
    withMicrophone(() => Promise.resolve({ getTracks: () => [{ stop: stopped }] }));
    voice.transcribeRecording.mockResolvedValue({
      text: 'hello there',
      demo: false,
      seconds: 1,
      credits: 1,
    });
    const onText = vi.fn();
    render(<MicButton text="Question:" onText={onText} />);
    await act(async () => fireEvent.click(screen.getByTestId('chat-mic')));
    await act(async () => fireEvent.click(screen.getByTestId('chat-recording-stop')));
    expect(voice.transcribeRecording).toHaveBeenCalledTimes(1);
    expect(onText).toHaveBeenCalledWith('Question: hello there');
  });
});
