// Finds where SQL statements end in typed or piped text: a ';' outside quotes, dollar-quoted strings and comments.
// The REPL needs the text of each statement (to show it, to wrap the last one in COPY for .export), so it scans
// itself; DuckDB still parses every statement it is given.
import { defined } from '../../engine/query/defined.ts';

export interface Split {
  /** Complete statements, trimmed, without their ';'; statements holding only comments are dropped. */
  statements: string[];
  /** Text after the last complete statement (an unfinished statement, or blank). */
  rest: string;
}

export function splitStatements(text: string): Split {
  const statements: string[] = [];
  let start = 0;
  let hasCode = false;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const ch = defined(text[i], 'text[i]');
    const next = text[i + 1];
    if (ch === '-' && next === '-') {
      const eol = text.indexOf('\n', i);
      i = eol === -1 ? n : eol + 1;
    } else if (ch === '/' && next === '*') {
      const close = text.indexOf('*/', i + 2);
      i = close === -1 ? n : close + 2;
    } else if (ch === "'" || ch === '"') {
      hasCode = true;
      i = skipQuoted(text, i, ch);
    } else if (ch === '$') {
      hasCode = true;
      const tag = /^\$[A-Za-z_]*\$/.exec(text.slice(i, i + 64));
      if (tag) {
        const close = text.indexOf(tag[0], i + tag[0].length);
        i = close === -1 ? n : close + tag[0].length;
      } else {
        i++;
      }
    } else if (ch === ';') {
      if (hasCode) statements.push(text.slice(start, i).trim());
      start = i + 1;
      hasCode = false;
      i++;
    } else {
      if (!/\s/.test(ch)) hasCode = true;
      i++;
    }
  }
  return { statements, rest: text.slice(start) };
}

/** Index after the closing quote ('' and "" escape a quote); the end of text when unterminated. */
function skipQuoted(text: string, open: number, quote: string): number {
  let i = open + 1;
  while (i < text.length) {
    if (text[i] === quote) {
      if (text[i + 1] === quote) i += 2;
      else return i + 1;
    } else {
      i++;
    }
  }
  return text.length;
}

/** True when the text holds nothing but whitespace and comments. */
export function isBlankSql(text: string): boolean {
  return splitStatements(`${text}\n;`).statements.length === 0;
}
