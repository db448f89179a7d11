import { describe, expect, it } from 'vitest';
import { buildPrompt } from '../../providers/image/prompt.js';
import { demoSuggestions, demoToEnglish, keepTypedFlags } from './demo-words.js';

const cjk = /[\u3400-\u9fff]/;

describe('the demo translation', () => {
  it('translates the words it knows, simplified and traditional', () => {
    expect(demoToEnglish('一只红色的狐狸在雪山里，日落')).toEqual({
      text: 'a red fox in snowy mountains, sunset',
      untranslated: [],
    });
    expect(demoToEnglish('一隻貓在森林裡').text).toBe('a cat in forest');
  });

  it('leaves no Chinese in its English and names what it left out', () => {
    const out = demoToEnglish('一只猫在喝珍珠奶茶，赛博朋克 --ar 16:9');
    expect(out.text).not.toMatch(cjk);
    expect(out.text).toContain('cat');
    expect(out.text).toContain('cyberpunk');
    expect(out.text).toContain('--ar 16:9');
    expect(out.untranslated).toEqual(['喝珍珠奶茶']);
  });
});

describe('prompt suggestions', () => {
  it('keep the flags typed and add none for a setting already given', () => {
    for (const s of demoSuggestions('a fox --ar 1:1 --v 6', 6)) {
      expect(s.match(/--ar\b/g)).toHaveLength(1);
      expect(s).toContain('--ar 1:1');
      expect(s).not.toContain('--niji');
      // Each one is a prompt the site accepts as it stands.
      expect(() => buildPrompt(s)).not.toThrow();
    }
    expect(keepTypedFlags('cat --aspect 3:4', 'a cat, soft light --ar 16:9 --tile')).toBe(
      'a cat, soft light --aspect 3:4 --tile',
    );
    expect(keepTypedFlags('cat', 'a cat --ar 16:9 --ar 4:3')).toBe('a cat --ar 16:9');
  });

  it('start from the English of a Chinese idea', () => {
    const [first] = demoSuggestions('红色的狐狸 --ar 2:3', 1);
    expect(first).toBe('red fox, cinematic lighting, ultra detailed, depth of field --ar 2:3');
  });
});
