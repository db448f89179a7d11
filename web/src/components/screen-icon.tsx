import {
  ApartmentOutlined,
  AppstoreAddOutlined,
  AppstoreOutlined,
  CustomerServiceOutlined,
  ExperimentOutlined,
  HighlightOutlined,
  HistoryOutlined,
  HomeOutlined,
  IdcardOutlined,
  MessageOutlined,
  PictureOutlined,
  QuestionCircleOutlined,
  ShopOutlined,
  SoundOutlined,
  ToolOutlined,
  UserOutlined,
  VideoCameraOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

const icons: Record<string, ComponentType> = {
  chat: MessageOutlined,
  midjourney: PictureOutlined,
  draw: HighlightOutlined,
  sd3: ExperimentOutlined,
  tools: ToolOutlined,
  sddraw: AppstoreOutlined,
  video: VideoCameraOutlined,
  music: CustomerServiceOutlined,
  separation: SoundOutlined,
  market: ShopOutlined,
  history: HistoryOutlined,
  'user-center': UserOutlined,
  user: UserOutlined,
  role: IdcardOutlined,
  'app-store': AppstoreAddOutlined,
  pay: WalletOutlined,
  mind: ApartmentOutlined,
  faq: QuestionCircleOutlined,
  mobilehome: HomeOutlined,
  mygallery: PictureOutlined,
  designerwork: PictureOutlined,
  workdetails: PictureOutlined,
  hisgallery: PictureOutlined,
  photoalbum: PictureOutlined,
};

/** The icon of a screen by its route name (case-insensitive); a generic one for others. */
export function ScreenIcon({ name }: { name: string }) {
  const Icon = icons[name.toLowerCase()] ?? AppstoreOutlined;
  return <Icon />;
}
