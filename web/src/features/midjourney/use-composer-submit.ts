import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { notify } from '../../lib/notify';
import { useSaveParams, useSubmitDraw } from './mj-api';
import { useComposer, type RefTarget } from './mj-store';
import {
  checkParams,
  cleanParams,
  fieldOfError,
  rememberedParams,
  type ParamField,
} from './params';

/**
 * The composer's submit and its "save as defaults": the problems each finds (under the prompt or
 * under a parameter, opening the panel for the latter) and whether the panel shows. A failed call
 * was already shown by the client; these only add what it cannot.
 */
export function useComposerSubmit(modelId: number | undefined, onSubmitted: () => void) {
  const { t } = useTranslation();
  const [showParams, setShowParams] = useState(false);
  const [promptError, setPromptError] = useState<string | null>(null);
  const [paramErrors, setParamErrors] = useState<Partial<Record<ParamField, string>>>({});
  const saving = useSaveParams();
  const sending = useSubmitDraw();

  const saveParams = async () => {
    try {
      await saving.mutateAsync(rememberedParams(useComposer.getState().params));
      notify.success(t('midjourney:params.saved'));
    } catch (error) {
      const field = error instanceof ApiError ? fieldOfError(error.data) : null;
      if (field && field !== 'params') setParamErrors({ [field]: (error as Error).message });
    }
  };

  const submit = async () => {
    const { prompt, params, refs } = useComposer.getState();
    const text = prompt.trim();
    if (!text) return setPromptError(t('midjourney:composer.promptRequired'));
    const full = cleanParams({ ...params, ...refFlags(refs) });
    const issues = checkParams(full);
    if (issues.length > 0) {
      setParamErrors(Object.fromEntries(issues.map((i) => [i.field, t(i.key)])));
      setShowParams(true);
      return;
    }
    setParamErrors({});
    try {
      await sending.mutateAsync({ type: 'imagine', modelId, prompt: text, params: full });
      onSubmitted();
    } catch (error) {
      // The client already toasted the message; a 400 also names the field it is about.
      if (error instanceof ApiError && error.status === 400) {
        const field = fieldOfError(error.data);
        // A flag typed into the prompt is named as params.<flag> too: show it under the prompt
        // unless the parameter panel set it.
        const fromPanel = !!field && field in full;
        if (!fromPanel) setPromptError(error.message);
        else {
          setParamErrors({ [field]: error.message });
          setShowParams(true);
        }
      }
    }
  };

  return {
    submit,
    saveParams,
    sending: sending.isPending,
    saving: saving.isPending,
    showParams,
    setShowParams,
    promptError,
    setPromptError,
    paramErrors,
  };
}

/** The reference pictures as the urls the parameters carry (and the flags preview shows). */
export function refFlags(refs: Record<RefTarget, { url: string }[]>) {
  return {
    imageUrls: refs.imageUrls.map((r) => r.url),
    crefUrls: refs.crefUrls.map((r) => r.url),
    srefUrls: refs.srefUrls.map((r) => r.url),
  };
}
