import ApartmentOutlined from '@ant-design/icons-svg/es/asn/ApartmentOutlined';
import AppstoreAddOutlined from '@ant-design/icons-svg/es/asn/AppstoreAddOutlined';
import AppstoreOutlined from '@ant-design/icons-svg/es/asn/AppstoreOutlined';
import CustomerServiceOutlined from '@ant-design/icons-svg/es/asn/CustomerServiceOutlined';
import ExperimentOutlined from '@ant-design/icons-svg/es/asn/ExperimentOutlined';
import HighlightOutlined from '@ant-design/icons-svg/es/asn/HighlightOutlined';
import HistoryOutlined from '@ant-design/icons-svg/es/asn/HistoryOutlined';
import HomeOutlined from '@ant-design/icons-svg/es/asn/HomeOutlined';
import IdcardOutlined from '@ant-design/icons-svg/es/asn/IdcardOutlined';
import MessageOutlined from '@ant-design/icons-svg/es/asn/MessageOutlined';
import PictureOutlined from '@ant-design/icons-svg/es/asn/PictureOutlined';
import QuestionCircleOutlined from '@ant-design/icons-svg/es/asn/QuestionCircleOutlined';
import ShopOutlined from '@ant-design/icons-svg/es/asn/ShopOutlined';
import SoundOutlined from '@ant-design/icons-svg/es/asn/SoundOutlined';
import ToolOutlined from '@ant-design/icons-svg/es/asn/ToolOutlined';
import UserOutlined from '@ant-design/icons-svg/es/asn/UserOutlined';
import VideoCameraOutlined from '@ant-design/icons-svg/es/asn/VideoCameraOutlined';
import WalletOutlined from '@ant-design/icons-svg/es/asn/WalletOutlined';
import type { IconDefinition } from '@ant-design/icons-svg/es/types';
import { Glyph } from './glyph';

/** Drawn with `Glyph`: the shell's menus load no antd. */
const icons: Record<string, IconDefinition> = {
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
  return <Glyph icon={icons[name.toLowerCase()] ?? AppstoreOutlined} />;
}
