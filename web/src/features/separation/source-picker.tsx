import CustomerServiceOutlined from '@ant-design/icons-svg/es/asn/CustomerServiceOutlined';
import UploadOutlined from '@ant-design/icons-svg/es/asn/UploadOutlined';
import type { separation } from '@atelier/contracts';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Glyph } from '../../components/glyph';
import { Alert, Button, Empty, Skeleton } from '../../components/lite/lite';
import { Tag } from '../../components/lite/lite-forms';
import { ModeSwitch } from './mode-switch';
import { useSongs, useUploadAudio } from './separation-api';

/** What will be separated: an upload of this visit, or one of the user's songs. */
export type PickedSource =
  { type: 'upload'; audio: separation.UploadedAudio } | { type: 'song'; song: separation.Song };

export const UPLOAD_MAX_MB = 50;
const ACCEPT =
  'audio/wav,audio/x-wav,audio/mpeg,audio/flac,audio/ogg,audio/mp4,audio/x-m4a,.wav,.mp3,.flac,.ogg,.m4a';

interface Props {
  mode: 'upload' | 'song';
  onMode: (mode: 'upload' | 'song') => void;
  picked: PickedSource | null;
  onPick: (source: PickedSource | null) => void;
}

export function SourcePicker({ mode, onMode, picked, onPick }: Props) {
  const { t } = useTranslation('separation');
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadAudio();
  const songs = useSongs();

  const choose = async (file: File | undefined) => {
    if (!file) return;
    onPick(null);
    try {
      const audio = await upload.mutateAsync(file);
      onPick({ type: 'upload', audio });
    } catch {
      // the client already showed what went wrong
    } finally {
      if (input.current) input.current.value = '';
    }
  };

  const uploaded = picked?.type === 'upload' ? picked.audio : null;
  return (
    <div className="flex flex-col gap-3">
      <ModeSwitch
        value={mode}
        onChange={onMode}
        options={[
          { value: 'upload', label: t('separation:source.upload') },
          { value: 'song', label: t('separation:source.songs') },
        ]}
      />
      {mode === 'upload' ? (
        <div className="flex flex-col gap-2">
          <input
            ref={input}
            type="file"
            accept={ACCEPT}
            className="hidden"
            data-testid="separation-file"
            onChange={(e) => void choose(e.target.files?.[0])}
          />
          <Button
            icon={<Glyph icon={UploadOutlined} />}
            loading={upload.isPending}
            onClick={() => input.current?.click()}
            block
          >
            {upload.isPending ? t('separation:source.uploading') : t('separation:source.pick')}
          </Button>
          <p className="m-0 text-xs text-white/50">
            {t('separation:source.dropHint', { max: UPLOAD_MAX_MB })}
          </p>
          {uploaded && (
            <div className="flex flex-col gap-1 rounded-lg border border-white/10 p-2">
              <span className="break-all text-sm text-white/80" data-testid="separation-uploaded">
                {t('separation:source.uploaded', {
                  name: uploaded.name,
                  seconds: uploaded.durationSeconds.toFixed(1),
                  count: uploaded.channels,
                })}
              </span>
              <audio
                controls
                preload="metadata"
                src={uploaded.url}
                aria-label={t('separation:source.preview')}
                className="w-full"
              />
            </div>
          )}
        </div>
      ) : (
        <SongList picked={picked} onPick={onPick} songs={songs} />
      )}
    </div>
  );
}

function SongList({
  picked,
  onPick,
  songs,
}: Pick<Props, 'picked' | 'onPick'> & { songs: ReturnType<typeof useSongs> }) {
  const { t } = useTranslation('separation');
  if (songs.isLoading) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (songs.isError)
    return <Alert type="error" showIcon message={t('separation:source.songsFailed')} />;
  const rows = songs.data?.rows ?? [];
  if (rows.length === 0)
    return <Empty image="simple" description={t('separation:source.noSongs')} />;
  const current = picked?.type === 'song' ? `${picked.song.taskId}-${picked.song.clip}` : null;
  return (
    <ul className="m-0 flex max-h-72 list-none flex-col gap-1 overflow-y-auto p-0" role="listbox">
      {rows.map((s) => (
        <li key={`${s.taskId}-${s.clip}`}>
          <button
            type="button"
            role="option"
            aria-selected={current === `${s.taskId}-${s.clip}`}
            onClick={() => onPick({ type: 'song', song: s })}
            className={`flex w-full cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-left text-sm ${
              current === `${s.taskId}-${s.clip}`
                ? 'border-sky-400 bg-sky-400/10 text-white'
                : 'border-white/10 bg-transparent text-white/80 hover:border-white/30'
            }`}
          >
            <Glyph icon={CustomerServiceOutlined} />
            <span className="min-w-0 flex-1 truncate">{s.title}</span>
            {s.demo && <Tag>{t('separation:source.demoSong')}</Tag>}
          </button>
        </li>
      ))}
    </ul>
  );
}
