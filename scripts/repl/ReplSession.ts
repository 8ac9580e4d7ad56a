// One REPL session over a read-only engine: runs statements and dot commands, renders results in the chosen mode,
// remembers the last query for .export. Errors reach the user as one line of text, never a stack.
import fs from 'node:fs';
import path from 'node:path';
import { ResultReturnType, type DuckDBConnection } from '@duckdb/node-api';
import type { Engine, Params } from '../../engine/db/Engine.ts';
import { quoteIdentifier, quotePath } from '../../engine/db/quote.ts';
import { assertReadOnly } from '../../engine/db/assertReadOnly.ts';
import { CommandError, HELP, parseCommand, type ExportFormat, type OutputMode } from './parseCommand.ts';
import { rendererFor, type Write } from './renderers.ts';
import type { Item } from './InputBuffer.ts';

export class ReplError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReplError';
  }
}

export interface SessionOptions {
  /** Folders .export may write to (DuckDB was opened with the same list). */
  allowedDirs: readonly string[];
  /** Relative export paths resolve against this folder. */
  cwd: string;
  /** Never written by .export: the warehouse is written only by ingest. */
  warehouseDir: string;
  /** Other folders .export never writes even when inside an allowed one (the accounts area holding the tokens file). */
  protectedDirs?: readonly string[];
  /** Interactive sessions report timing of csv/json results on stderr; scripts keep stderr for errors. */
  interactive: boolean;
  out: Write;
  err: Write;
}

const TABLES_SQL = `
SELECT name, kind, parameters FROM (
  SELECT view_name AS name, 'view' AS kind, NULL::VARCHAR AS parameters, 1 AS o FROM duckdb_views() WHERE NOT internal
  UNION ALL
  SELECT table_name, 'table', NULL, 2 FROM duckdb_tables() WHERE NOT internal
  UNION ALL
  SELECT function_name, replace(function_type, '_', ' '), '(' || array_to_string(parameters, ', ') || ')', 3
  FROM duckdb_functions() WHERE NOT internal AND function_type IN ('macro', 'table_macro')
) ORDER BY o, name, parameters`;

const COLUMNS_SQL = `
SELECT column_name AS "column", data_type AS "type", is_nullable AS nullable
FROM duckdb_columns() WHERE table_name = $name ORDER BY column_index`;

const MACROS_SQL = `
SELECT function_type AS kind, to_json(parameters)::VARCHAR AS parameters
FROM duckdb_functions() WHERE NOT internal AND function_name = $name AND function_type IN ('macro', 'table_macro')
ORDER BY len(parameters)`;

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

export class ReplSession {
  mode: OutputMode = 'table';
  private lastQuery: string | null = null;
  private pendingExport: { format: ExportFormat; target: string } | null = null;
  private running: DuckDBConnection | null = null;

  constructor(private readonly engine: Engine, private readonly options: SessionOptions) {}

  /** Runs one item; resolves false when the session should end. Throws ReplError / CommandError for the user. */
  async run(item: Item): Promise<boolean> {
    if (item.kind === 'sql') {
      await this.statement(item.text);
      return true;
    }
    return this.command(item.line);
  }

  /** Cancel the running query (Ctrl-C); false when nothing runs. */
  interrupt(): boolean {
    if (!this.running) return false;
    this.running.interrupt();
    return true;
  }

  async statement(sql: string): Promise<void> {
    if (this.pendingExport) {
      const pending = this.pendingExport;
      this.pendingExport = null;
      await this.exportQuery(sql, pending.format, pending.target);
      this.lastQuery = sql;
      return;
    }
    try {
      await this.guard(sql, false);
      if (await this.render(sql)) this.lastQuery = sql;
    } catch (e) {
      // .export after a failed query must not quietly write an older one
      this.lastQuery = null;
      throw e;
    }
  }

  private async command(line: string): Promise<boolean> {
    const cmd = parseCommand(line);
    const { out } = this.options;
    switch (cmd.kind) {
      case 'quit':
        return false;
      case 'help':
        out(HELP);
        return true;
      case 'mode':
        if (cmd.mode) this.mode = cmd.mode;
        else out(`${this.mode}\n`);
        return true;
      case 'tables':
        await this.render(TABLES_SQL);
        return true;
      case 'schema':
        await this.schema(cmd.name);
        return true;
      case 'export': {
        const target = this.exportTarget(cmd.path);
        if (this.lastQuery) await this.exportQuery(this.lastQuery, cmd.format, target);
        else {
          this.pendingExport = { format: cmd.format, target };
          out(`the next query will be written to ${target}\n`);
        }
        return true;
      }
    }
  }

  private async schema(name: string): Promise<void> {
    const [columns] = await this.engine.query<{ n: number }>('SELECT count(*)::INTEGER AS n FROM duckdb_columns() WHERE table_name = $name', { name });
    if ((columns?.n ?? 0) > 0) {
      await this.render(COLUMNS_SQL, { name });
      return;
    }
    const macros = await this.engine.query<{ kind: string; parameters: string }>(MACROS_SQL, { name });
    if (macros.length === 0) throw new ReplError(`.schema: no view, table or macro named "${name}" (see .tables)`);
    for (const m of macros) {
      const params = JSON.parse(m.parameters) as string[];
      this.options.out(`${m.kind.replace('_', ' ')} ${name}(${params.join(', ')})\n`);
      if (m.kind !== 'table_macro') continue;
      // binding with NULL arguments reveals the result columns without running the macro
      const probe = `DESCRIBE SELECT * FROM ${quoteIdentifier(name)}(${params.map(() => 'NULL').join(', ')})`;
      try {
        await this.render(`SELECT column_name AS "column", column_type AS "type" FROM (${probe})`);
      } catch {
        this.options.out('  (result columns depend on the arguments)\n');
      }
    }
  }

  /** Stream a statement's result through the current renderer; true when it returned rows (a query). */
  private async render(sql: string, params: Params = {}): Promise<boolean> {
    const started = performance.now();
    const { out, err, interactive } = this.options;
    return this.engine.withConnection(async (c) => {
      this.running = c;
      try {
        const result = await c.stream(sql, params);
        if (result.returnType !== ResultReturnType.QUERY_RESULT) {
          out(`ok (${(performance.now() - started).toFixed(1)} ms)\n`);
          return false;
        }
        const columns = result.columnNames().map((name, i) => ({ name, type: result.columnType(i) }));
        const renderer = rendererFor(this.mode, out);
        renderer.begin(columns);
        let rows = 0;
        for (;;) {
          const chunk = await result.fetchChunk();
          if (!chunk || chunk.rowCount === 0) break;
          rows += chunk.rowCount;
          renderer.chunk(chunk);
        }
        renderer.end();
        const footer = `(${String(rows)} row${rows === 1 ? '' : 's'}, ${(performance.now() - started).toFixed(1)} ms)\n`;
        if (this.mode === 'table') out(footer);
        else if (interactive) err(footer);
        return true;
      } catch (e) {
        throw new ReplError(messageOf(e));
      } finally {
        this.running = null;
      }
    });
  }

  private async guard(sql: string, onlyQuery: boolean): Promise<void> {
    try {
      await this.engine.withConnection((c) => assertReadOnly(c, sql, onlyQuery));
    } catch (e) {
      throw new ReplError(messageOf(e));
    }
  }

  private exportTarget(p: string): string {
    const resolved = path.resolve(this.options.cwd, p);
    // judge the real folder: a symlink inside an allowed folder may point into the warehouse
    let target = resolved;
    try {
      target = path.join(fs.realpathSync(path.dirname(resolved)), path.basename(resolved));
    } catch {
      // a folder that does not exist holds no link; the checks below and DuckDB's own refuse what they must
    }
    const under = (dir: string) => target.startsWith(dir.endsWith(path.sep) ? dir : dir + path.sep);
    const real = (dir: string) => (fs.existsSync(dir) ? fs.realpathSync(dir) : dir);
    if (under(real(this.options.warehouseDir))) throw new ReplError(`.export: ${target} is inside the warehouse, which only ingest writes`);
    for (const dir of this.options.protectedDirs ?? []) {
      if (under(real(dir))) throw new ReplError(`.export: ${target} is inside ${dir}, which the REPL never writes`);
    }
    if (!this.options.allowedDirs.some(under)) {
      throw new ReplError(`.export: ${target} is outside the folders this session may write (${this.options.allowedDirs.join(', ')}); ` +
        'start the REPL with --allow <folder>');
    }
    return target;
  }

  private async exportQuery(sql: string, format: ExportFormat, target: string): Promise<void> {
    const started = performance.now();
    await this.guard(sql, true);
    const options = format === 'csv' ? '(FORMAT csv, HEADER)' : '(FORMAT parquet, COMPRESSION zstd)';
    // newlines keep a trailing "-- comment" in the user's query from swallowing the closing parenthesis
    const copy = `COPY (\n${sql}\n) TO ${quotePath(target)} ${options}`;
    const rows = await this.engine.withConnection(async (c) => {
      this.running = c;
      try {
        const reader = await c.runAndReadAll(copy);
        return Number(reader.getRows()[0]?.[0] ?? 0);
      } catch (e) {
        throw new ReplError(`.export: ${messageOf(e)}`);
      } finally {
        this.running = null;
      }
    });
    this.options.out(`exported ${String(rows)} row${rows === 1 ? '' : 's'} to ${target} (${(performance.now() - started).toFixed(1)} ms)\n`);
  }
}

export { CommandError };
