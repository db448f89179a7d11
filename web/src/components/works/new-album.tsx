import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Segmented from 'antd/es/segmented';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A new album's title and who sees it: private unless the owner picks public (the choice is
 * shown, never made silently).
 */
export function NewAlbumForm(props: {
  busy: boolean;
  onCreate: (album: { title: string; isPublic: boolean }) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [title, setTitle] = useState('');
  const [isPublic, setPublic] = useState(false);
  return (
    <div className="flex flex-wrap gap-2">
      {/* The width rule sits on a wrapper: antd's own unlayered `.ant-input { min-width: 0 }`
          beats a Tailwind class on the input, which a phone then squeezed to "Ne…". */}
      <div className="min-w-48 flex-1">
        <Input
          data-testid="album-new-title"
          placeholder={t('works:album.newTitle')}
          value={title}
          maxLength={100}
          onChange={(e) => setTitle(e.target.value)}
        />
      </div>
      <Segmented<'private' | 'public'>
        aria-label={t('works:album.visibility')}
        data-testid="album-new-visibility"
        value={isPublic ? 'public' : 'private'}
        onChange={(v) => setPublic(v === 'public')}
        options={[
          { value: 'private', label: t('works:card.private') },
          { value: 'public', label: t('works:card.public') },
        ]}
      />
      <Button
        type="primary"
        data-testid="album-create"
        disabled={!title.trim()}
        loading={props.busy}
        onClick={() =>
          void props.onCreate({ title: title.trim(), isPublic }).then(() => {
            setTitle('');
            setPublic(false);
          })
        }
      >
        {t('works:album.create')}
      </Button>
    </div>
  );
}
