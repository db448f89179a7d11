import type { Localized } from '../../http/messages.js';
import type { GalleryKind } from './tables.js';

/**
 * What a fresh install shows in the Midjourney screen's galleries. The pictures are drawn by the
 * offline demo from each prompt the first time someone asks for them.
 */
export interface SeedCategory {
  kind: GalleryKind;
  slug: string;
  name: Localized;
  items: SeedItem[];
}

export interface SeedItem {
  slug: string;
  title: Localized;
  description?: Localized;
  prompt: string;
  value?: string;
  aspect?: string;
  featured?: boolean;
}

const L = (en: string, cn: string, tw: string): Localized => ({
  'en-US': en,
  'zh-CN': cn,
  'zh-TW': tw,
});

export const galleries: SeedCategory[] = [
  {
    kind: 'example',
    slug: 'landscape',
    name: L('Landscapes', '风景', '風景'),
    items: [
      {
        slug: 'alpine-dawn',
        title: L('Alpine dawn', '高山黎明', '高山黎明'),
        prompt: 'alpine mountains at dawn, golden light, mist over a blue lake --ar 16:9 --v 6.1',
        aspect: '16:9',
        featured: true,
      },
      {
        slug: 'desert-night',
        title: L('Desert night', '沙漠之夜', '沙漠之夜'),
        prompt: 'desert dunes under the stars at night, purple sky, moon --ar 3:2',
        aspect: '3:2',
        featured: true,
      },
      {
        slug: 'sea-sunset',
        title: L('Sunset sea', '日落海面', '日落海面'),
        prompt: 'calm sea at sunset, orange and pink clouds, waves --ar 16:9',
        aspect: '16:9',
      },
      {
        slug: 'green-valley',
        title: L('Green valley', '绿色山谷', '綠色山谷'),
        prompt: 'green valley with a forest and a river, soft morning light --ar 4:3',
        aspect: '4:3',
      },
    ],
  },
  {
    kind: 'example',
    slug: 'city',
    name: L('Cities', '城市', '城市'),
    items: [
      {
        slug: 'neon-city',
        title: L('Neon city', '霓虹都市', '霓虹都市'),
        prompt: 'cyberpunk city skyline at night, neon magenta and cyan lights --ar 9:16',
        aspect: '9:16',
        featured: true,
      },
      {
        slug: 'harbour-town',
        title: L('Harbour town', '港口小镇', '港口小鎮'),
        prompt: 'small harbour town by the sea, white buildings, blue water --ar 3:2',
        aspect: '3:2',
      },
      {
        slug: 'rainy-street',
        title: L('Rainy street', '雨夜街道', '雨夜街道'),
        prompt: 'rainy street in a city at dusk, grey and amber tones --ar 2:3',
        aspect: '2:3',
      },
    ],
  },
  {
    kind: 'example',
    slug: 'fantasy',
    name: L('Fantasy', '奇幻', '奇幻'),
    items: [
      {
        slug: 'floating-islands',
        title: L('Floating islands', '浮空岛', '浮空島'),
        prompt: 'floating islands above the clouds, waterfalls, emerald and gold --ar 16:9',
        aspect: '16:9',
        featured: true,
      },
      {
        slug: 'crystal-cave',
        title: L('Crystal cave', '水晶洞穴', '水晶洞穴'),
        prompt: 'glowing violet crystal cave, dark, magical orbs of light --ar 1:1',
      },
      {
        slug: 'moon-temple',
        title: L('Moon temple', '月之神殿', '月之神殿'),
        prompt: 'ancient temple on a mountain under a giant moon, night, silver --ar 2:3',
        aspect: '2:3',
      },
    ],
  },
  {
    kind: 'example',
    slug: 'anime',
    name: L('Anime (niji)', '动漫（niji）', '動漫（niji）'),
    items: [
      {
        slug: 'summer-field',
        title: L('Summer field', '夏日田野', '夏日田野'),
        prompt: 'anime summer field, blue sky, white clouds, green hills --niji 6 --ar 16:9',
        aspect: '16:9',
        featured: true,
      },
      {
        slug: 'sakura-river',
        title: L('Sakura river', '樱花河畔', '櫻花河畔'),
        prompt: 'pink sakura trees by a river, spring, soft light --niji 6 --ar 3:4',
        aspect: '3:4',
      },
    ],
  },
  {
    kind: 'case',
    slug: 'composition',
    name: L('Composition', '构图', '構圖'),
    items: [
      {
        slug: 'wide-aspect',
        title: L('Wide shots with --ar', '用 --ar 拍宽景', '用 --ar 拍寬景'),
        description: L(
          'A wide aspect ratio gives room to the horizon; 16:9 suits landscapes, 9:16 phone wallpapers.',
          '宽画幅给地平线留出空间：16:9 适合风景，9:16 适合手机壁纸。',
          '寬畫幅給地平線留出空間：16:9 適合風景，9:16 適合手機桌布。',
        ),
        prompt: 'lonely lighthouse on a cliff by the sea, wide view --ar 21:9',
        aspect: '21:9',
      },
      {
        slug: 'subject-first',
        title: L('Subject first', '主体放在最前', '主體放在最前'),
        description: L(
          'Midjourney weighs the first words most: name the subject, then the place, then the mood.',
          'Midjourney 最看重开头的词：先写主体，再写场景，最后写氛围。',
          'Midjourney 最看重開頭的詞：先寫主體，再寫場景，最後寫氛圍。',
        ),
        prompt: 'red fox, snowy forest, quiet winter morning --ar 4:5',
        aspect: '4:5',
      },
    ],
  },
  {
    kind: 'case',
    slug: 'parameters',
    name: L('Parameters', '参数', '參數'),
    items: [
      {
        slug: 'chaos',
        title: L('More variety with --c', '用 --c 增加多样性', '用 --c 增加多樣性'),
        description: L(
          'Chaos 0–100 makes the four pictures of a grid differ more from each other.',
          'chaos 取值 0–100，数值越大，四宫格里的图片差异越大。',
          'chaos 取值 0–100，數值越大，四宮格裡的圖片差異越大。',
        ),
        prompt: 'abstract garden of glowing orbs --c 60',
      },
      {
        slug: 'stylize',
        title: L('Artistic strength with --s', '用 --s 调整艺术化程度', '用 --s 調整藝術化程度'),
        description: L(
          'Stylize 0–1000: low values follow the prompt closely, high values paint more freely.',
          'stylize 取值 0–1000：数值低更贴近提示词，数值高更有艺术发挥。',
          'stylize 取值 0–1000：數值低更貼近提示詞，數值高更有藝術發揮。',
        ),
        prompt: 'mountain lake at sunrise --s 750',
      },
      {
        slug: 'no',
        title: L('Leave things out with --no', '用 --no 排除元素', '用 --no 排除元素'),
        description: L(
          '--no removes what you do not want, e.g. --no text, people.',
          '--no 可以排除不想要的内容，例如 --no text, people。',
          '--no 可以排除不想要的內容，例如 --no text, people。',
        ),
        prompt: 'empty beach at dusk --no people, boats',
      },
    ],
  },
  {
    kind: 'param',
    slug: 'style',
    name: L('Style', '风格', '風格'),
    items: [
      {
        slug: 'watercolor',
        title: L('Watercolour', '水彩', '水彩'),
        value: 'watercolor painting',
        prompt: 'watercolor painting of hills',
      },
      {
        slug: 'oil',
        title: L('Oil painting', '油画', '油畫'),
        value: 'oil painting, thick brush strokes',
        prompt: 'oil painting of a harbour',
      },
      {
        slug: 'ukiyoe',
        title: L('Ukiyo-e', '浮世绘', '浮世繪'),
        value: 'ukiyo-e woodblock print',
        prompt: 'ukiyo-e waves and mountain',
      },
      {
        slug: 'pixel',
        title: L('Pixel art', '像素风', '像素風'),
        value: 'pixel art, 16-bit',
        prompt: 'pixel art castle at night',
      },
    ],
  },
  {
    kind: 'param',
    slug: 'light',
    name: L('Lighting', '光线', '光線'),
    items: [
      {
        slug: 'golden-hour',
        title: L('Golden hour', '黄金时刻', '黃金時刻'),
        value: 'golden hour lighting',
        prompt: 'golden hour over fields',
      },
      {
        slug: 'neon',
        title: L('Neon', '霓虹灯光', '霓虹燈光'),
        value: 'neon lighting, cyan and magenta',
        prompt: 'neon city at night',
      },
      {
        slug: 'moonlight',
        title: L('Moonlight', '月光', '月光'),
        value: 'soft moonlight',
        prompt: 'moonlight over a lake at night',
      },
    ],
  },
  {
    kind: 'param',
    slug: 'camera',
    name: L('Camera', '镜头', '鏡頭'),
    items: [
      {
        slug: 'wide-angle',
        title: L('Wide angle', '广角', '廣角'),
        value: 'wide angle shot',
        prompt: 'wide angle valley',
      },
      {
        slug: 'aerial',
        title: L('Aerial view', '航拍视角', '航拍視角'),
        value: 'aerial view, drone shot',
        prompt: 'aerial view of a river delta',
      },
      {
        slug: 'macro',
        title: L('Macro', '微距', '微距'),
        value: 'macro photography, shallow depth of field',
        prompt: 'macro of dew drops, green',
      },
    ],
  },
  {
    kind: 'param',
    slug: 'flags',
    name: L('Flags', '参数', '參數'),
    items: [
      {
        slug: 'ar-16-9',
        title: L('Widescreen 16:9', '宽屏 16:9', '寬螢幕 16:9'),
        value: '--ar 16:9',
        prompt: 'widescreen landscape --ar 16:9',
        aspect: '16:9',
      },
      {
        slug: 'raw',
        title: L('Raw style', '原始风格 raw', '原始風格 raw'),
        value: '--style raw',
        prompt: 'photo of a forest --style raw',
      },
      {
        slug: 'tile',
        title: L('Seamless tile', '无缝贴图', '無縫貼圖'),
        value: '--tile',
        prompt: 'floral pattern, teal --tile',
      },
    ],
  },
];
