import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { balanceChanged } from '../../stores/balance';
import { streamMindMap } from './mind-api';
import { useMindHistory, type MindMapRecord } from './mind-history';
import { extractOutline } from './outline';

/**
 * The map being made: the streamed answer, the prompt it answers, whether it still streams,
 * a failure to show, and how the map is folded. `generate` starts one (stopping none: the
 * caller checks `streaming`), `stop` aborts it, `restore` shows one from the history.
 */
export function useMindGeneration() {
  const { t } = useTranslation();
  // Each new text (a streamed line, a restored map) gets a new version: an edit of the outline
  // belongs to the version it was made on, even when a restored map has the same text.
  const [answer, setAnswerState] = useState({ text: '', version: 0 });
  const setAnswer = (text: string) => setAnswerState((a) => ({ text, version: a.version + 1 }));
  const [mapPrompt, setMapPrompt] = useState('');
  const [streaming, setStreaming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // A new object on each click, so pressing again redraws (and undoes folds made by hand).
  const [folding, setFolding] = useState({ level: -1 });
  const abort = useRef<AbortController | null>(null);

  useEffect(() => () => abort.current?.abort(), []);

  const generate = async (prompt: string, modelId: number) => {
    const controller = new AbortController();
    abort.current = controller;
    setStreaming(true);
    setFailure(null);
    setAnswer('');
    setMapPrompt(prompt);
    setFolding({ level: -1 });
    let text = '';
    try {
      await streamMindMap(
        modelId,
        prompt,
        (line) => {
          text = line.text;
          setAnswer(line.text);
          if (line.error) setFailure(line.error);
          if (line.done && line.credits !== undefined)
            void balanceChanged({ credits: line.credits });
        },
        controller.signal,
      );
    } catch (error) {
      if (!controller.signal.aborted) {
        setFailure(error instanceof ApiError ? error.message : t('errors:generic'));
      }
    } finally {
      if (abort.current === controller) abort.current = null;
      setStreaming(false);
      if (extractOutline(text)) useMindHistory.getState().save({ prompt, outline: text });
    }
  };

  const stop = () => abort.current?.abort();

  const restore = (record: MindMapRecord) => {
    stop();
    setMapPrompt(record.prompt);
    setAnswer(record.outline);
    setFailure(null);
    setFolding({ level: -1 });
  };

  return {
    answer: answer.text,
    answerVersion: answer.version,
    mapPrompt,
    streaming,
    failure,
    clearFailure: () => setFailure(null),
    folding,
    setFolding,
    generate,
    stop,
    restore,
  };
}
