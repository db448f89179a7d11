import { StepCutOff } from './unconfirmed.js';

/**
 * The clock of one step: it is cut off (its signal aborted with a `StepCutOff`) after
 * `TASK_STEP_TIMEOUT_MS`, or later when its runner asks for more with `allowStep(ms)` (a call
 * answered only when the work is done, such as Cloud Run's separation): up to `ms`, never past
 * the task's deadline, the cut coming a little after the adapter's own timeout.
 */
export function stepClock(controller: AbortController, stepTimeoutMs: number, deadline: number) {
  const cut = () => controller.abort(new StepCutOff('timeout'));
  let timer = setTimeout(cut, stepTimeoutMs);
  return {
    allowStep(ms: number): number {
      const granted = Math.max(1000, Math.min(ms, deadline - Date.now()));
      clearTimeout(timer);
      timer = setTimeout(cut, Math.max(granted + 2000, stepTimeoutMs));
      return granted;
    },
    /** Rejects when the step is cut off (its timeout, or the worker stopping). */
    cutOff: new Promise<never>((_, reject) =>
      controller.signal.addEventListener('abort', () => {
        const why: unknown = controller.signal.reason;
        reject(why instanceof StepCutOff ? why : new StepCutOff('timeout'));
      }),
    ),
    stop: () => clearTimeout(timer),
  };
}
