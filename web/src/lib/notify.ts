/**
 * Where shared code shows a toast. The app shell installs antd's themed message API
 * (`setNotifier`) when the first toast is asked for (`onFirstToast`: the message code is a chunk
 * of its own, not in the entry). The app's entry holds the toasts asked for before that
 * (`holdEarlyToasts`: a call that fails while the shell still loads, a 401 at start opens the
 * login dialog and says why) until it is installed; elsewhere (tests that install none)
 * messages go to the console.
 */
export interface Notifier {
  error: (text: string) => void;
  success: (text: string) => void;
  info: (text: string) => void;
}

type Kind = keyof Notifier;

/** Toasts asked for before the shell installed its notifier, shown when it does. */
const waiting: Array<{ kind: Kind; text: string; at: number }> = [];
/** Older than this when the notifier arrives, a toast would explain nothing any more. */
const WAIT_MS = 10_000;
let holding = false;
/** Called once, on the first toast held for a notifier (the shell loads its message API). */
let firstToast: (() => void) | null = null;

/** Runs `load` on the first toast held from now on (at once if one is waiting). */
export const onFirstToast = (load: () => void): void => {
  if (holding && waiting.length > 0) return load();
  firstToast = load;
};

/** From now until a notifier is installed, toasts wait for it (the app's entry calls this). */
export const holdEarlyToasts = (): void => {
  holding = true;
};

const early =
  (kind: Kind) =>
  (text: string): void => {
    (kind === 'error' ? console.error : console.info)(text);
    if (holding && waiting.length < 20) waiting.push({ kind, text, at: Date.now() });
    if (holding && firstToast) {
      const load = firstToast;
      firstToast = null;
      load();
    }
  };

const consoleNotifier: Notifier = {
  error: early('error'),
  success: early('success'),
  info: early('info'),
};

let current: Notifier = consoleNotifier;

export const setNotifier = (next: Notifier | null): void => {
  current = next ?? consoleNotifier;
  holding = false;
  firstToast = null;
  if (!next) return void waiting.splice(0);
  const now = Date.now();
  for (const toast of waiting.splice(0)) if (now - toast.at < WAIT_MS) next[toast.kind](toast.text);
};

export const notify: Notifier = {
  error: (text) => current.error(text),
  success: (text) => current.success(text),
  info: (text) => current.info(text),
};
