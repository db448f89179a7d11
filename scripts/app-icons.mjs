// Writes web/public/app-icons/<key>.svg, the covers of the seeded apps: an Ant Design icon
// (MIT, @ant-design/icons-svg) in white on a tile coloured by the app's category. Pictures,
// not emoji, so they show on systems without a colour emoji font. Run after changing the list:
//   node scripts/app-icons.mjs
import fs from 'node:fs';
import path from 'node:path';
import { root, say } from './lib.mjs';

/** The app's seed key → [category hue, icon name in @ant-design/icons-svg/inline-svg/outlined]. */
const hues = {
  writing: 262,
  office: 212,
  code: 160,
  learning: 35,
  language: 190,
  life: 340,
  creative: 290,
  business: 10,
};
const icons = {
  polish: ['writing', 'edit'],
  storyteller: ['writing', 'read'],
  summarizer: ['writing', 'file-text'],
  socialpost: ['writing', 'share-alt'],
  email: ['office', 'mail'],
  weekly: ['office', 'calendar'],
  minutes: ['office', 'container'],
  excel: ['office', 'table'],
  reviewer: ['code', 'file-search'],
  sql: ['code', 'console-sql'],
  regex: ['code', 'field-string'],
  linux: ['code', 'desktop'],
  debugger: ['code', 'bug'],
  tutor: ['learning', 'solution'],
  math: ['learning', 'calculator'],
  eli5: ['learning', 'smile'],
  quiz: ['learning', 'question-circle'],
  translator: ['language', 'translation'],
  english: ['language', 'sound'],
  grammar: ['language', 'check-circle'],
  chef: ['life', 'coffee'],
  fitness: ['life', 'thunderbolt'],
  travel: ['life', 'environment'],
  listener: ['life', 'heart'],
  imageprompt: ['creative', 'bg-colors'],
  poet: ['creative', 'highlight'],
  namer: ['creative', 'bulb'],
  adventure: ['creative', 'rocket'],
  marketer: ['business', 'notification'],
  pm: ['business', 'compass'],
  interview: ['business', 'team'],
  analyst: ['business', 'line-chart'],
};

const source = path.join(root, 'node_modules/@ant-design/icons-svg/inline-svg/outlined');
const out = path.join(root, 'web/public/app-icons');
fs.mkdirSync(out, { recursive: true });
for (const [key, [category, icon]] of Object.entries(icons)) {
  const svg = fs.readFileSync(path.join(source, `${icon}.svg`), 'utf8');
  const paths = svg.replace(/^<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');
  const hue = hues[category];
  const tile = [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">',
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">`,
    `<stop offset="0" stop-color="hsl(${hue} 55% 42%)"/>`,
    `<stop offset="1" stop-color="hsl(${(hue + 40) % 360} 60% 26%)"/>`,
    '</linearGradient></defs>',
    '<rect width="64" height="64" rx="14" fill="url(#g)"/>',
    // The icons are drawn in a 896-unit box starting at 64: 36 px of it, centred.
    `<g fill="#fff" fill-opacity=".92" transform="translate(14 14) scale(${36 / 896}) translate(-64 -64)">`,
    paths,
    '</g></svg>',
  ].join('');
  fs.writeFileSync(path.join(out, `${key}.svg`), `${tile}\n`);
}
say(`${Object.keys(icons).length} app icons written to web/public/app-icons`);
