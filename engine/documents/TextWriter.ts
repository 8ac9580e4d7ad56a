// Accumulates readable text line by line: inline runs are joined with single spaces, block boundaries end the
// line, and blank lines never repeat, so the walkers only say where blocks start and end.
export class TextWriter {
  private readonly lines: string[] = [];
  private current = '';

  /** Appends inline text; runs of whitespace (incl. no-break spaces) become one space. */
  inline(text: string): void {
    const t = text.replace(/[\s\u00a0\u200b\ufeff]+/g, ' ');
    if (t === '' || (t === ' ' && (this.current === '' || this.current.endsWith(' ')))) return;
    this.current += this.current.endsWith(' ') && t.startsWith(' ') ? t.slice(1) : t;
  }

  /** Appends text verbatim line by line (a <pre> block). */
  verbatim(text: string): void {
    const parts = text.replace(/\r\n?/g, '\n').split('\n');
    parts.forEach((p, i) => {
      if (i > 0) this.newline();
      this.current += p.replace(/\u00a0/g, ' ');
    });
  }

  newline(): void {
    const line = this.current.trimEnd().replace(/^ +/, '');
    this.current = '';
    if (line !== '') this.lines.push(line);
  }

  /** Ends the line and leaves one blank line before what follows. */
  paragraph(): void {
    this.newline();
    if (this.lines.length > 0 && this.lines[this.lines.length - 1] !== '') this.lines.push('');
  }

  /** Appends whole lines (a rendered table row) as their own block. */
  block(lines: readonly string[]): void {
    this.newline();
    for (const l of lines) if (l.trim() !== '') this.lines.push(l);
  }

  text(): string {
    this.newline();
    while (this.lines.length > 0 && this.lines[this.lines.length - 1] === '') this.lines.pop();
    return this.lines.join('\n');
  }

  /** The lines so far (for a table cell rendered on its own writer). */
  toLines(): string[] {
    return this.text().split('\n').filter((l) => l !== '');
  }
}
