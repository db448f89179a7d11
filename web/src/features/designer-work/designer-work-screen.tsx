import Segmented from 'antd/es/segmented';
import Tag from 'antd/es/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { KindSelect } from '../../components/works/kind-select';
import { WorksFrame } from '../../components/works/screen-frame';
import { WorkGrid } from '../../components/works/work-grid';
import { loadSquare, usePopularTags, useWorkPages } from '../../components/works/works-api';

/** `/designerWork`: the public square of published works, newest or most liked, by kind and tag. */
export default function DesignerWorkScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [sort, setSort] = useState<'new' | 'liked'>('new');
  const [kind, setKind] = useState('');
  const [tag, setTag] = useState('');
  const tags = usePopularTags();
  const filters = { sort, ...(kind ? { kind } : {}), ...(tag ? { tag } : {}) };
  const query = useWorkPages(['square', filters], loadSquare(filters));
  return (
    <WorksFrame icon="designerWork" title={t('menu:designerWork')} text={t('screens:designerWork')}>
      <div className="flex flex-wrap items-center gap-2">
        <Segmented
          value={sort}
          onChange={(v) => setSort(v as 'new' | 'liked')}
          options={[
            { value: 'new', label: t('works:square.newest') },
            { value: 'liked', label: t('works:square.mostLiked') },
          ]}
        />
        <KindSelect value={kind} onChange={setKind} />
      </div>
      {tags.data?.rows.length ? (
        <div className="flex flex-wrap gap-1" role="group" aria-label={t('works:square.tags')}>
          <Tag.CheckableTag checked={!tag} onChange={() => setTag('')}>
            {t('works:square.allTags')}
          </Tag.CheckableTag>
          {tags.data.rows.map((r) => (
            <Tag.CheckableTag key={r.tag} checked={tag === r.tag} onChange={() => setTag(r.tag)}>
              #{r.tag} {r.count}
            </Tag.CheckableTag>
          ))}
        </div>
      ) : null}
      <WorkGrid
        query={query}
        empty={t('works:square.empty')}
        onOpen={(w) => void navigate(`/workDetails?id=${w.id}`)}
      />
    </WorksFrame>
  );
}
