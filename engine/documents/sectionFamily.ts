// The section numbering a form follows, from the form type; without one, from the headings the text carries.
import type { SectionFamily } from './Section.ts';

export function sectionFamily(form: string | null | undefined, text: string): SectionFamily {
  const f = (form ?? '').toUpperCase().trim();
  if (/^10-?Q/.test(f)) return '10-Q';
  if (/^(8-K|6-K)/.test(f)) return '8-K';
  if (/^(20-F|40-F)/.test(f)) return '20-F';
  if (/^(S-1|S-3|S-4|S-11|F-1|F-3|F-4|F-10|424B|POS AM|SB-2|N-2)/.test(f)) return 'prospectus';
  if (/^10-?K/.test(f)) return '10-K';
  // No usable form: an 8-K numbers its items "2.02", a 10-Q names "Part II" and repeats item numbers.
  const head = text.slice(0, 400_000);
  if (/^\s*item\s+\d\.\d\d\b/im.test(head)) return '8-K';
  if (/quarterly report pursuant to section 13/i.test(head.slice(0, 20_000))) return '10-Q';
  if (/^\s*(item\s+\d|part\s+i\b)/im.test(head)) return '10-K';
  return 'prospectus';
}
