import CloseOutlined from '@ant-design/icons-svg/es/asn/CloseOutlined';
import PlusOutlined from '@ant-design/icons-svg/es/asn/PlusOutlined';
import { Glyph } from '../../components/glyph';
import { Button } from '../../components/lite/lite';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../components/use-is-mobile';
import { useDialogs } from '../../stores/dialogs';
import { useUploadsUnderWay } from './mj-api';
import { useComposer, type RefTarget } from './mj-store';

const refTargets: RefTarget[] = ['imageUrls', 'crefUrls', 'srefUrls'];

/**
 * The composer's reference pictures (image, character and style references): each with a
 * remove button, an add button opening the picker, and a file input for picking from disk
 * (dropping on the composer does the same).
 */
export function ReferencePictures({ onFiles }: { onFiles: (files: FileList) => void }) {
  const { t } = useTranslation();
  const refs = useComposer((s) => s.refs);
  const uploading = useUploadsUnderWay();
  const phone = useIsMobile();
  const fileInput = useRef<HTMLInputElement>(null);
  const refTitle = (target: RefTarget) =>
    target === 'imageUrls'
      ? t('midjourney:refs.imageUrls')
      : target === 'crefUrls'
        ? t('midjourney:refs.crefUrls')
        : t('midjourney:refs.srefUrls');
  return (
    <div className="flex flex-col gap-2">
      {refTargets.map((target) => (
        <div key={target} className="flex flex-wrap items-center gap-2">
          <span className="w-24 shrink-0 text-xs text-white/60">{refTitle(target)}</span>
          {refs[target].map((r) => (
            <span key={r.url} className="relative h-12 w-12 overflow-hidden rounded-md bg-white/5">
              <img src={r.thumbUrl || r.url} alt="" className="h-full w-full object-cover" />
              <button
                type="button"
                aria-label={t('midjourney:refs.remove')}
                className="absolute top-0 right-0 flex h-5 w-5 cursor-pointer items-center justify-center rounded-bl-md border-0 bg-black/70 p-0 text-[10px] text-white"
                onClick={() => useComposer.getState().removeRef(target, r.url)}
              >
                <Glyph icon={CloseOutlined} />
              </button>
            </span>
          ))}
          <Button
            size="small"
            type="dashed"
            icon={<Glyph icon={PlusOutlined} />}
            aria-label={`${t('midjourney:refs.add')} – ${refTitle(target)}`}
            onClick={() => useDialogs.getState().open('uploadImages', { target })}
          >
            {t('midjourney:refs.add')}
          </Button>
        </div>
      ))}
      <p className="m-0 text-xs text-white/55">
        {uploading > 0
          ? t('midjourney:refs.uploading')
          : phone
            ? t('midjourney:refs.pickHint')
            : t('midjourney:refs.dropHint')}{' '}
        <button
          type="button"
          className="cursor-pointer border-0 bg-transparent p-0 text-xs text-violet-300 underline"
          onClick={() => fileInput.current?.click()}
        >
          {phone ? t('midjourney:refs.pickTouch') : t('midjourney:refs.pick')}
        </button>
      </p>
      <input
        ref={fileInput}
        type="file"
        accept="image/png,image/jpeg,image/webp,image/gif"
        multiple
        hidden
        onChange={(e) => {
          if (e.target.files) onFiles(e.target.files);
          e.target.value = '';
        }}
      />
    </div>
  );
}
