import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Button, Select } from '../../components/lite/lite';
import {
  FieldInput,
  FieldTextArea,
  Segmented,
  Switch,
  Tag,
} from '../../components/lite/lite-forms';
import { EarlyPrompt } from '../../lib/first-paint';
import { readPrefill } from '../../lib/prefill';
import { useAppSetting } from '../../stores/app-setting';
import { useLyricsPair, useMusicModels, useMusicTypes, useSubmitSong } from './music-api';

type Mode = 'inspiration' | 'custom';

/** Runs once on mount (the prefill is read on arrival only). */
function useOnce(run: () => void) {
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(run, []);
}

/** Adds or removes one style's tags in the comma list. */
export function toggleTags(current: string, tags: string): string {
  const list = current
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const add = tags
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const has = add.every((x) => list.includes(x));
  const next = has
    ? list.filter((x) => !add.includes(x))
    : [...list, ...add.filter((x) => !list.includes(x))];
  return next.join(', ');
}

function LyricsDrafts(props: {
  theme: string;
  modelId: number | undefined;
  onPick: (title: string, text: string) => void;
}) {
  const { t } = useTranslation();
  const pair = useLyricsPair();
  return (
    <div className="flex flex-col gap-2">
      <Button
        size="small"
        loading={pair.isPending}
        disabled={!props.theme.trim()}
        onClick={() =>
          pair.mutate({
            prompt: props.theme.trim(),
            ...(props.modelId ? { modelId: props.modelId } : {}),
          })
        }
      >
        {t('music:compose.writeLyrics')}
      </Button>
      {pair.data ? (
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-2" data-testid="lyrics-drafts">
          {pair.data.drafts.map((d, i) => (
            <div key={i} className="rounded border border-white/10 p-2 text-xs text-white/70">
              <div className="mb-1 font-semibold text-white/85">{d.title}</div>
              <pre className="m-0 max-h-28 overflow-y-auto font-sans whitespace-pre-wrap">
                {d.text}
              </pre>
              <Button size="small" className="mt-1" onClick={() => props.onPick(d.title, d.text)}>
                {t('music:compose.useDraft')}
              </Button>
            </div>
          ))}
        </div>
      ) : null}
    </div>
  );
}

/** The styles of `queryMusicType` as chips that add or remove their tags. */
function StyleTags({
  tags,
  setTags,
}: {
  tags: string;
  setTags: (f: (cur: string) => string) => void;
}) {
  const { t } = useTranslation();
  const language = useAppSetting((s) => s.language);
  const types = useMusicTypes();
  return (
    <div className="flex flex-wrap gap-1" role="group" aria-label={t('music:compose.styles')}>
      {(types.data?.rows ?? []).map((s) => (
        <Tag.CheckableTag
          key={s.key}
          checked={s.tags.split(',').every((x) => tags.includes(x.trim()))}
          onChange={() => setTags((cur) => toggleTags(cur, s.tags))}
        >
          {s.name[language]}
        </Tag.CheckableTag>
      ))}
    </div>
  );
}

/** Custom mode: title and lyrics, with the lyrics generator. */
function CustomFields(p: {
  title: string;
  setTitle: (v: string) => void;
  lyrics: string;
  setLyrics: (v: string) => void;
  theme: string;
  modelId: number | undefined;
}) {
  const { t } = useTranslation();
  return (
    <>
      <label className="flex flex-col gap-1 text-sm text-white/70">
        {t('music:compose.title')}
        <FieldInput value={p.title} maxLength={80} onChange={(e) => p.setTitle(e.target.value)} />
      </label>
      <label className="flex flex-col gap-1 text-sm text-white/70">
        {t('music:compose.lyrics')}
        <FieldTextArea
          value={p.lyrics}
          maxLength={3000}
          autoSize={{ minRows: 5, maxRows: 12 }}
          placeholder={t('music:compose.lyricsPlaceholder')}
          onChange={(e) => p.setLyrics(e.target.value)}
        />
      </label>
      <LyricsDrafts
        theme={p.theme}
        modelId={p.modelId}
        onPick={(ti, text) => {
          p.setTitle(ti);
          p.setLyrics(text);
        }}
      />
    </>
  );
}

/** The song form: inspiration (a description) or custom (lyrics, title), style tags, model. */
// eslint-disable-next-line max-lines-per-function -- one line over with the first paint's hand-over
export function Composer() {
  const { t } = useTranslation();
  const location = useLocation();
  const models = useMusicModels();
  const submit = useSubmitSong();
  const [modelId, setModelId] = useState<number | undefined>();
  const [mode, setMode] = useState<Mode>('inspiration');
  const [prompt, setPrompt] = useState('');
  const [lyrics, setLyrics] = useState('');
  const [title, setTitle] = useState('');
  const [tags, setTags] = useState('');
  const [instrumental, setInstrumental] = useState(false);
  useOnce(() => {
    const p = readPrefill(location.state);
    if (!p || p.kind !== 'music') return;
    const v = p.params;
    if (p.modelId) setModelId(p.modelId);
    setPrompt(p.prompt);
    if (v.mode === 'custom' || v.mode === 'inspiration') setMode(v.mode);
    if (typeof v.lyrics === 'string') setLyrics(v.lyrics);
    if (typeof v.title === 'string') setTitle(v.title);
    if (typeof v.tags === 'string') setTags(v.tags);
    if (typeof v.instrumental === 'boolean') setInstrumental(v.instrumental);
  });
  const rows = models.data?.rows ?? [];
  const model = rows.find((m) => m.id === modelId) ?? rows[0];
  const ready =
    mode === 'inspiration' ? prompt.trim() !== '' : lyrics.trim() !== '' || instrumental;
  const send = () =>
    submit.mutate({
      mode,
      prompt: prompt.trim(),
      lyrics: lyrics.trim(),
      title: title.trim(),
      tags: tags.trim(),
      instrumental,
      ...(model ? { modelId: model.id } : {}),
    });
  return (
    <form
      className="flex flex-col gap-3 rounded-lg border border-white/10 bg-white/[0.03] p-3"
      onSubmit={(e) => {
        e.preventDefault();
        if (ready) send();
      }}
    >
      <label className="flex flex-col gap-1 text-sm text-white/70">
        {t('music:compose.model')}
        <Select
          aria-label={t('music:compose.model')}
          loading={models.isLoading}
          value={model?.id}
          onChange={setModelId}
          options={rows.map((m) => ({
            value: m.id,
            label:
              m.demo && !/demo/i.test(m.name) ? `${m.name} · ${t('music:compose.demo')}` : m.name,
          }))}
          notFoundContent={t('music:compose.noModel')}
        />
      </label>
      <Segmented<Mode>
        block
        value={mode}
        onChange={setMode}
        options={[
          { value: 'inspiration', label: t('music:compose.inspiration') },
          { value: 'custom', label: t('music:compose.custom') },
        ]}
      />
      {mode === 'inspiration' ? (
        // pb-5: room for the counter antd draws under the box, clear of the next label.
        <label className="flex flex-col gap-1 pb-5 text-sm text-white/70">
          {t('music:compose.prompt')}
          <FieldTextArea
            value={prompt}
            maxLength={500}
            showCount
            autoSize={{ minRows: 3, maxRows: 6 }}
            placeholder={t('music:compose.promptPlaceholder')}
            onChange={(e) => setPrompt(e.target.value)}
          />
          <EarlyPrompt screen="music" selector="main form textarea" setText={setPrompt} />
        </label>
      ) : (
        <CustomFields
          title={title}
          setTitle={setTitle}
          lyrics={lyrics}
          setLyrics={setLyrics}
          theme={title || prompt || tags}
          modelId={model?.id}
        />
      )}
      <label className="flex flex-col gap-1 text-sm text-white/70">
        {t('music:compose.tags')}
        <FieldInput
          value={tags}
          maxLength={200}
          placeholder="pop, upbeat"
          onChange={(e) => setTags(e.target.value)}
        />
      </label>
      <StyleTags tags={tags} setTags={setTags} />
      <label className="flex items-center gap-2 text-sm text-white/70">
        <Switch size="small" checked={instrumental} onChange={setInstrumental} />
        {t('music:compose.instrumental')}
      </label>
      <Button
        type="primary"
        htmlType="submit"
        disabled={!ready || !model}
        loading={submit.isPending}
      >
        {model?.prices.song != null
          ? t('music:compose.createCost', { credits: model.prices.song })
          : t('music:compose.create')}
      </Button>
      <p className="m-0 text-xs text-white/45">{t('music:compose.twoClips')}</p>
    </form>
  );
}
