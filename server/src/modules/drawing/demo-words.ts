import { flagGroup, splitFlags } from '../../providers/image/prompt.js';

/**
 * The offline demo's words: a small built-in zh → en dictionary of drawing-prompt words, so a
 * fresh install with no chat model still translates and suggests something sensible. Chinese
 * it does not know is left out and named (never passed on into the English), since Midjourney
 * reads English only.
 */

/** zh-CN words of drawing prompts and their English. */
const dictionary: Array<[string, string]> = [
  ['赛博朋克', 'cyberpunk'],
  ['蒸汽朋克', 'steampunk'],
  ['日落', 'sunset'],
  ['日出', 'sunrise'],
  ['黄昏', 'dusk'],
  ['夜晚', 'night'],
  ['夜景', 'night scene'],
  ['夜', 'night'],
  ['星空', 'starry sky'],
  ['银河', 'milky way'],
  ['宇宙', 'outer space'],
  ['星球', 'planet'],
  ['月亮', 'moon'],
  ['月光', 'moonlight'],
  ['太阳', 'sun'],
  ['阳光', 'sunlight'],
  ['彩虹', 'rainbow'],
  ['大海', 'sea'],
  ['海边', 'seaside'],
  ['海滩', 'beach'],
  ['沙滩', 'beach'],
  ['海浪', 'waves'],
  ['湖泊', 'lake'],
  ['河流', 'river'],
  ['瀑布', 'waterfall'],
  ['山脉', 'mountains'],
  ['雪山', 'snowy mountains'],
  ['沙漠', 'desert'],
  ['草原', 'grassland'],
  ['田野', 'fields'],
  ['森林', 'forest'],
  ['丛林', 'jungle'],
  ['城市', 'city'],
  ['小镇', 'small town'],
  ['村庄', 'village'],
  ['街道', 'street'],
  ['建筑', 'building'],
  ['房子', 'house'],
  ['寺庙', 'temple'],
  ['宫殿', 'palace'],
  ['城堡', 'castle'],
  ['桥', 'bridge'],
  ['灯塔', 'lighthouse'],
  ['花园', 'garden'],
  ['樱花', 'cherry blossoms'],
  ['玫瑰', 'roses'],
  ['荷花', 'lotus'],
  ['竹子', 'bamboo'],
  ['竹林', 'bamboo forest'],
  ['女孩', 'girl'],
  ['男孩', 'boy'],
  ['少女', 'young woman'],
  ['女人', 'woman'],
  ['男人', 'man'],
  ['老人', 'old man'],
  ['孩子', 'child'],
  ['武士', 'samurai'],
  ['骑士', 'knight'],
  ['公主', 'princess'],
  ['精灵', 'elf'],
  ['天使', 'angel'],
  ['人像', 'portrait'],
  ['肖像', 'portrait'],
  ['猫咪', 'cat'],
  ['小猫', 'kitten'],
  ['猫', 'cat'],
  ['小狗', 'puppy'],
  ['狗', 'dog'],
  ['狐狸', 'fox'],
  ['兔子', 'rabbit'],
  ['老虎', 'tiger'],
  ['狮子', 'lion'],
  ['熊猫', 'panda'],
  ['鲸鱼', 'whale'],
  ['鱼', 'fish'],
  ['鸟', 'bird'],
  ['蝴蝶', 'butterfly'],
  ['马', 'horse'],
  ['龙', 'dragon'],
  ['凤凰', 'phoenix'],
  ['机器人', 'robot'],
  ['机甲', 'mecha'],
  ['宇航员', 'astronaut'],
  ['飞船', 'spaceship'],
  ['汽车', 'car'],
  ['火车', 'train'],
  ['船', 'boat'],
  ['咖啡', 'coffee'],
  ['蛋糕', 'cake'],
  ['水彩', 'watercolor'],
  ['油画', 'oil painting'],
  ['水墨', 'ink wash painting'],
  ['国画', 'traditional chinese painting'],
  ['素描', 'pencil sketch'],
  ['插画', 'illustration'],
  ['海报', 'poster'],
  ['动漫', 'anime'],
  ['二次元', 'anime style'],
  ['卡通', 'cartoon'],
  ['像素', 'pixel art'],
  ['写实', 'photorealistic'],
  ['摄影', 'photography'],
  ['照片', 'photo'],
  ['电影感', 'cinematic'],
  ['电影', 'cinematic'],
  ['高清', 'high detail'],
  ['细节', 'details'],
  ['光线', 'lighting'],
  ['光影', 'light and shadow'],
  ['逆光', 'backlight'],
  ['柔和', 'soft'],
  ['温暖', 'warm'],
  ['安静', 'quiet'],
  ['宁静', 'serene'],
  ['神秘', 'mysterious'],
  ['可爱', 'cute'],
  ['美丽', 'beautiful'],
  ['古老', 'ancient'],
  ['未来', 'futuristic'],
  ['复古', 'retro'],
  ['极简', 'minimalist'],
  ['梦幻', 'dreamy'],
  ['雾', 'fog'],
  ['雨', 'rain'],
  ['雪', 'snow'],
  ['云', 'clouds'],
  ['风', 'wind'],
  ['火', 'fire'],
  ['春天', 'spring'],
  ['夏天', 'summer'],
  ['秋天', 'autumn'],
  ['冬天', 'winter'],
  ['花', 'flowers'],
  ['树', 'tree'],
  ['叶子', 'leaves'],
  ['山', 'mountain'],
  ['海', 'sea'],
  ['湖', 'lake'],
  ['河', 'river'],
  ['天空', 'sky'],
  ['红色', 'red'],
  ['橙色', 'orange'],
  ['黄色', 'yellow'],
  ['金色', 'golden'],
  ['绿色', 'green'],
  ['蓝色', 'blue'],
  ['紫色', 'purple'],
  ['粉色', 'pink'],
  ['白色', 'white'],
  ['黑色', 'black'],
  ['灰色', 'grey'],
  ['红', 'red'],
  ['橙', 'orange'],
  ['黄', 'yellow'],
  ['金', 'golden'],
  ['绿', 'green'],
  ['蓝', 'blue'],
  ['紫', 'purple'],
  ['粉', 'pink'],
  ['白', 'white'],
  ['黑', 'black'],
  ['大', 'big'],
  ['小', 'small'],
  ['一只', 'a'],
  ['一个', 'a'],
  ['一位', 'a'],
  ['一座', 'a'],
  ['一条', 'a'],
  ['一片', 'a'],
  ['两只', 'two'],
  ['在', 'in'],
  ['和', 'and'],
  ['与', 'and'],
  ['风格', 'style'],
  // Words of grammar with no English of their own in a prompt: dropped quietly.
  ['的', ''],
  ['地', ''],
  ['得', ''],
  ['里', ''],
  ['中', ''],
  ['上', ''],
  ['下', ''],
  ['着', ''],
  ['了', ''],
  ['是', ''],
  ['很', ''],
  ['有', ''],
];

/** Traditional forms that differ, mapped to the simplified entries above. */
const traditional: Record<string, string> = {
  賽: '赛',
  動: '动',
  畫: '画',
  寫: '写',
  實: '实',
  電: '电',
  夢: '梦',
  紅: '红',
  綠: '绿',
  藍: '蓝',
  黃: '黄',
  龍: '龙',
  機: '机',
  樹: '树',
  櫻: '樱',
  雲: '云',
  細: '细',
  節: '节',
  線: '线',
  與: '与',
  個: '个',
  隻: '只',
  貓: '猫',
  灣: '湾',
  陽: '阳',
  銀: '银',
  漢: '汉',
  團: '团',
  鳥: '鸟',
  魚: '鱼',
  馬: '马',
  鯨: '鲸',
  獅: '狮',
  風: '风',
  燈: '灯',
  橋: '桥',
  廟: '庙',
  築: '筑',
  車: '车',
  飛: '飞',
  國: '国',
  極: '极',
  簡: '简',
  復: '复',
  來: '来',
  愛: '爱',
  麗: '丽',
  靜: '静',
  溫: '温',
  鏡: '镜',
  頭: '头',
  葉: '叶',
  裡: '里',
  裏: '里',
  著: '着',
  騎: '骑',
  夥: '伙',
  貝: '贝',
  鳳: '凤',
  攝: '摄',
  氣: '气',
  蘭: '兰',
  莊: '庄',
  鎮: '镇',
  叢: '丛',
  處: '处',
  張: '张',
  為: '为',
  們: '们',
  這: '这',
  點: '点',
  灑: '洒',
  學: '学',
  亞: '亚',
  歐: '欧',
};

const CJK = /[\u3400-\u9fff\uf900-\ufaff]+/g;
export const hasCjk = (s: string) => /[\u3400-\u9fff\uf900-\ufaff]/.test(s);

const longestFirst = [...dictionary].sort((a, b) => b[0].length - a[0].length);

export interface DemoTranslation {
  text: string;
  /** Chinese the word list does not know, left out of `text`. */
  untranslated: string[];
}

export function demoToEnglish(text: string): DemoTranslation {
  let s = [...text].map((c) => traditional[c] ?? c).join('');
  for (const [zh, en] of longestFirst) s = s.split(zh).join(` ${en} `);
  const untranslated = [...new Set(s.match(CJK) ?? [])];
  return {
    text: s
      .replace(CJK, ' ')
      .replace(/[，。、；：！？]/g, ', ')
      .replace(/\s+/g, ' ')
      .replace(/\s+,/g, ',')
      .replace(/(,\s*)+/g, ', ')
      .replace(/^[,\s]+|[,\s]+$/g, ''),
    untranslated,
  };
}

export function demoToChinese(text: string): string {
  const byEnglish = new Map(dictionary.filter(([, en]) => en.trim()).map(([zh, en]) => [en, zh]));
  const phrases = [...byEnglish.keys()].sort((a, b) => b.length - a.length);
  let s = ` ${text.toLowerCase()} `;
  for (const en of phrases)
    s = s.replace(new RegExp(`\\b${en.replace(/ /g, '\\s+')}\\b`, 'g'), byEnglish.get(en)!);
  return s
    .replace(/\b(a|an|the|of)\b/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * A suggestion with the flags the user already typed kept as typed, and none of its own for
 * the same setting: no second `--ar`, no `--niji` beside a typed `--v`.
 */
export function keepTypedFlags(idea: string, suggestion: string): string {
  const typed = splitFlags(idea).flags;
  const { text, flags } = splitFlags(suggestion);
  const seen = new Set(typed.map(([name]) => flagGroup(name)));
  const kept = [...typed];
  for (const flag of flags) {
    const group = flagGroup(flag[0]);
    if (seen.has(group)) continue;
    seen.add(group);
    kept.push(flag);
  }
  const words = text.replace(/[,\s]+$/, '');
  const flagText = kept.map(([name, value]) => (value ? `--${name} ${value}` : `--${name}`));
  return [words, ...flagText].join(' ');
}

export function demoSuggestions(idea: string, count: number): string[] {
  const words = splitFlags(idea).text;
  const base = hasCjk(words) ? demoToEnglish(words).text : words;
  const endings = [
    'cinematic lighting, ultra detailed, depth of field --ar 16:9',
    'soft watercolor illustration, pastel colors, dreamy atmosphere --ar 3:2',
    'golden hour, wide angle, photorealistic, high detail --ar 16:9 --style raw',
    'anime style, vivid colors, clean lines --niji 6 --ar 2:3',
    'oil painting, thick brush strokes, dramatic sky --ar 4:3',
    'minimalist poster, flat shapes, bold composition --ar 9:16',
  ];
  return endings.slice(0, count).map((e) => keepTypedFlags(idea, base ? `${base}, ${e}` : e));
}
