import type { LocaleShape } from '../../types';
import type zhCN from '../zh-CN/menu';

export default {
  chat: 'AI agent',
  midjourney: 'MJ drawing',
  draw: 'DALL·E drawing',
  sd3: 'SD3 drawing',
  tools: 'AI toolbox',
  sddraw: 'Model square',
  video: 'AI video',
  music: 'AI music',
  separation: 'Audio separation',
  market: 'Prompt market',
  history: 'History',
  myGallery: 'My works',
  designerWork: 'Designer works',
  workDetails: 'Work details',
  hisGallery: 'Creator works',
  photoAlbum: 'Album',
  role: 'Roles',
  appStore: 'App store',
  pay: 'Buy credits',
  mind: 'Mind map',
  faq: 'Frequent questions',
  mobileHome: 'Home',
  user: 'Profile',
  userCenter: 'User centre',
} satisfies LocaleShape<typeof zhCN>;
