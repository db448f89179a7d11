import ApartmentOutlined from '@ant-design/icons/ApartmentOutlined';
import AppstoreAddOutlined from '@ant-design/icons/AppstoreAddOutlined';
import AppstoreOutlined from '@ant-design/icons/AppstoreOutlined';
import CustomerServiceOutlined from '@ant-design/icons/CustomerServiceOutlined';
import ExperimentOutlined from '@ant-design/icons/ExperimentOutlined';
import HighlightOutlined from '@ant-design/icons/HighlightOutlined';
import HistoryOutlined from '@ant-design/icons/HistoryOutlined';
import HomeOutlined from '@ant-design/icons/HomeOutlined';
import IdcardOutlined from '@ant-design/icons/IdcardOutlined';
import MessageOutlined from '@ant-design/icons/MessageOutlined';
import PictureOutlined from '@ant-design/icons/PictureOutlined';
import ShopOutlined from '@ant-design/icons/ShopOutlined';
import SoundOutlined from '@ant-design/icons/SoundOutlined';
import ToolOutlined from '@ant-design/icons/ToolOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import VideoCameraOutlined from '@ant-design/icons/VideoCameraOutlined';
import WalletOutlined from '@ant-design/icons/WalletOutlined';
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
