/**
 * Where shared code shows a toast. The app shell installs antd's themed message API at start
 * (`setNotifier`); until then (and in tests that do not install one) messages go to the console.
 */
export interface Notifier {
  error: (text: string) => void;
  success: (text: string) => void;
  info: (text: string) => void;
}

const consoleNotifier: Notifier = {
  error: (text) => console.error(text),
  success: (text) => console.info(text),
  info: (text) => console.info(text),
};

let current: Notifier = consoleNotifier;

export const setNotifier = (next: Notifier | null): void => {
  current = next ?? consoleNotifier;
};

export const notify: Notifier = {
  error: (text) => current.error(text),
  success: (text) => current.success(text),
  info: (text) => current.info(text),
};
