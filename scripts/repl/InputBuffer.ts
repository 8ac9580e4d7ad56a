// Turns input lines into REPL work items: a dot command (a line starting with '.' between statements) or a complete
// SQL statement; SQL may span lines until its ';'.
import { isBlankSql, splitStatements } from './splitStatements.ts';

export type Item = { kind: 'command'; line: string } | { kind: 'sql'; text: string };

export class InputBuffer {
  private text = '';

  /** True while a statement has been started but not finished. */
  get pending(): boolean {
    return this.text !== '';
  }

  feed(line: string): Item[] {
    if (!this.pending && line.trimStart().startsWith('.')) return [{ kind: 'command', line: line.trim() }];
    const { statements, rest } = splitStatements(`${this.text}${line}\n`);
    this.text = isBlankSql(rest) ? '' : rest;
    return statements.map((text) => ({ kind: 'sql', text }));
  }

  /** End of input: an unfinished last statement runs as if it had its ';'. */
  flush(): Item[] {
    const rest = this.text.trim();
    this.text = '';
    return rest ? [{ kind: 'sql', text: rest }] : [];
  }

  clear(): void {
    this.text = '';
  }
}
