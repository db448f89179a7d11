import { UserOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { isAvatarLink } from './validation';

/** The avatar link as a round image, or the name's first letter when there is none or it fails. */
export function UserAvatar({ src, name, size }: { src: string; name: string; size: number }) {
  const [failed, setFailed] = useState<string | null>(null);
  const show = src && isAvatarLink(src) && failed !== src;
  const style = { width: size, height: size, fontSize: size * 0.4 };
  return show ? (
    <img
      src={src}
      alt=""
      style={style}
      className="shrink-0 rounded-full bg-white/5 object-cover"
      onError={() => setFailed(src)}
    />
  ) : (
    <span
      style={style}
      className="flex shrink-0 items-center justify-center rounded-full bg-white/10 font-semibold uppercase text-white/80"
    >
      {name.trim().slice(0, 1) || <UserOutlined />}
    </span>
  );
}
