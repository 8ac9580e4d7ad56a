// The header of an SEC submission in either container format, read into one tree with the dissemination
// feed's tag names: `.txt` full submissions write `KEY:<tab>value` lines nested by tab indentation
// ("CENTRAL INDEX KEY:" inside "COMPANY DATA:" inside "FILER:"); `.nc` files write `<CIK>value` tags whose
// containers close (`</COMPANY-DATA>`) and whose leaves do not.

export interface SgmlNode {
  name: string;
  values: Map<string, string[]>;
  children: SgmlNode[];
}

function node(name: string): SgmlNode {
  return { name, values: new Map(), children: [] };
}

function addValue(n: SgmlNode, key: string, value: string): void {
  const list = n.values.get(key);
  if (list) list.push(value);
  else n.values.set(key, [value]);
}

export function value(n: SgmlNode | undefined, key: string): string | null {
  const v = n?.values.get(key)?.[0]?.trim();
  return v ? v : null;
}

export function child(n: SgmlNode | undefined, name: string): SgmlNode | undefined {
  return n?.children.find((c) => c.name === name);
}

// `.txt` keys whose `.nc` tag is not simply the key upper-cased with dashes for spaces.
const TXT_KEYS: Record<string, string> = {
  'ACCESSION NUMBER': 'ACCESSION-NUMBER',
  'CONFORMED SUBMISSION TYPE': 'TYPE',
  'CONFORMED PERIOD OF REPORT': 'PERIOD',
  'FILED AS OF DATE': 'FILING-DATE',
  'DATE AS OF CHANGE': 'DATE-OF-FILING-DATE-CHANGE',
  'ITEM INFORMATION': 'ITEMS',
  'COMPANY CONFORMED NAME': 'CONFORMED-NAME',
  'CENTRAL INDEX KEY': 'CIK',
  'STANDARD INDUSTRIAL CLASSIFICATION': 'ASSIGNED-SIC',
  'SEC ACT': 'ACT',
  'SEC FILE NUMBER': 'FILE-NUMBER',
  'STREET 1': 'STREET1',
  'STREET 2': 'STREET2',
  'BUSINESS PHONE': 'PHONE',
  'DATE OF NAME CHANGE': 'DATE-CHANGED',
  'FORMER NAME': 'FORMER-COMPANY',
};

function txtKey(key: string): string {
  const k = key.trim().toUpperCase();
  return TXT_KEYS[k] ?? k.replace(/\s+/g, '-');
}

function indentOf(line: string): number {
  let tabs = 0;
  let spaces = 0;
  for (const ch of line) {
    if (ch === '\t') tabs++;
    else if (ch === ' ') spaces++;
    else break;
  }
  return tabs + Math.floor(spaces / 8);
}

/** A `.txt` full submission's header text (between <SEC-HEADER> and </SEC-HEADER>). */
export function parseTxtHeader(text: string): SgmlNode {
  const root = node('SUBMISSION');
  const lines = text.split(/\r\n|\r|\n/);
  const stack: { n: SgmlNode; indent: number }[] = [{ n: root, indent: -1 }];
  const closed = new Set([...text.matchAll(/<\/([A-Z0-9][A-Z0-9-]*)>/g)].map((m) => m[1]));
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (line.trim() === '') continue;
    const end = /^\s*<\/([A-Z0-9][A-Z0-9-]*)>/.exec(line);
    if (end) {
      const at = stack.map((s) => s.n.name).lastIndexOf(end[1] ?? '');
      if (at > 0) stack.length = at;
      continue;
    }
    const tag = /^\s*<([A-Z0-9][A-Z0-9-]*)>(.*)$/.exec(line);
    if (tag) {
      const v = (tag[2] ?? '').trim();
      if (v === '' && tag[1] && closed.has(tag[1])) {
        // Headers of 2000 and earlier wrap a party in tags (<REPORTING-OWNER> ... </REPORTING-OWNER>) around
        // unindented "COMPANY DATA:" sections: the tags are the party's container, whatever the indentation inside.
        // it closes the indented sections before it (the SUBJECT COMPANY: block the tag follows)
        while (stack.length > 1 && (stack[stack.length - 1]?.indent ?? -1) >= 0) stack.pop();
        const section = node(tag[1]);
        (stack[stack.length - 1]?.n ?? root).children.push(section);
        stack.push({ n: section, indent: -1 });
        continue;
      }
      // Other tag lines in a .txt header (ACCEPTANCE-DATETIME, fund series data) are top-level facts here.
      if (v !== '' && tag[1]) addValue(root, tag[1], v);
      continue;
    }
    const kv = /^(\s*)([^:]+?):\s*(.*)$/.exec(line);
    if (!kv) continue;
    const indent = indentOf(line);
    while (stack.length > 1 && (stack[stack.length - 1]?.indent ?? -1) >= indent) stack.pop();
    const parent = stack[stack.length - 1]?.n ?? root;
    const key = txtKey(kv[2] ?? '');
    const v = (kv[3] ?? '').trim();
    if (v === '' && indentOf(nextNonEmpty(lines, i + 1)) > indent) {
      const section = node(key);
      parent.children.push(section);
      stack.push({ n: section, indent });
    } else {
      addValue(parent, key, v);
    }
  }
  return root;
}

function nextNonEmpty(lines: string[], from: number): string {
  for (let i = from; i < lines.length; i++) {
    const l = lines[i] ?? '';
    if (l.trim() !== '') return l;
  }
  return '';
}

/** A `.nc` dissemination file's header text (between <SUBMISSION> and the first <DOCUMENT>). */
export function parseNcHeader(text: string): SgmlNode {
  const containers = new Set<string>();
  for (const m of text.matchAll(/<\/([A-Z0-9][A-Z0-9-]*)>/g)) if (m[1]) containers.add(m[1]);
  const root = node('SUBMISSION');
  const stack: SgmlNode[] = [root];
  for (const m of text.matchAll(/<(\/?)([A-Z0-9][A-Z0-9-]*)>([^<]*)/g)) {
    const name = m[2] ?? '';
    const top = stack[stack.length - 1] ?? root;
    if (m[1] === '/') {
      const at = stack.map((s) => s.name).lastIndexOf(name);
      if (at > 0) stack.length = at;
    } else if (containers.has(name)) {
      const n = node(name);
      top.children.push(n);
      stack.push(n);
    } else {
      addValue(top, name, (m[3] ?? '').trim());
    }
  }
  return root;
}
