// Refuses SQL that could write files or change the engine, before it runs: the guard behind "the REPL is read-only".
// DuckDB offers no read-only path list (allowed_directories grants read and write alike, and the warehouse must stay
// readable), so the guard works on what DuckDB's own parser says each statement is: the prepared statement's type
// (COPY, EXPORT, ATTACH, INSTALL/LOAD, PRAGMA, PREPARE/EXECUTE, CALL... are refused) plus the table functions that have
// side effects although they run inside a SELECT (enable_logging writes log files; query() runs SQL from a string).
import { StatementType, type DuckDBConnection } from '@duckdb/node-api';

export class ReadOnlyViolation extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReadOnlyViolation';
  }
}

/** Statement kinds that only read, or only change this session's in-memory catalog (no database can be attached). */
const ALLOWED = new Map<StatementType, string>([
  [StatementType.SELECT, 'SELECT'],
  [StatementType.EXPLAIN, 'EXPLAIN'],
  [StatementType.CREATE, 'CREATE'],
  [StatementType.CREATE_FUNC, 'CREATE MACRO'],
  [StatementType.INSERT, 'INSERT'],
  [StatementType.UPDATE, 'UPDATE'],
  [StatementType.DELETE, 'DELETE'],
  [StatementType.DROP, 'DROP'],
  [StatementType.ALTER, 'ALTER'],
  [StatementType.TRANSACTION, 'TRANSACTION'],
  // SET of a setting fails under lock_configuration; SET VARIABLE is per session
  [StatementType.SET, 'SET'],
  [StatementType.VARIABLE_SET, 'SET VARIABLE'],
]);

/**
 * Functions with effects outside the query, or that run SQL built from a string (which would escape this check).
 * Matched as words anywhere in the statement, quoted or not: a query that merely mentions one is refused too.
 */
const FORBIDDEN_FUNCTIONS = [
  'enable_logging', 'disable_logging', 'truncate_duckdb_logs', 'enable_profiling', 'disable_profiling',
  'checkpoint', 'force_checkpoint', 'enable_peg_parser', 'disable_peg_parser',
  'query', 'query_table', 'json_execute_serialized_sql',
  // IMPORT DATABASE is expanded (its files read and parsed) while the statements are extracted, before any check
  'import_database',
];
const IMPORT_DATABASE = /(?<![\w$])import\s+database(?![\w$])/i;
const FORBIDDEN = new RegExp(`(?<![\\w$])(${FORBIDDEN_FUNCTIONS.join('|')})(?![\\w$])"?\\s*\\(`, 'i');
const QUERY_START = /^(select|with|from|values|table|describe|show|summarize|pivot|unpivot)\b/i;
/**
 * First words of statements that are refused before DuckDB binds them: binding already acts for some (EXPORT DATABASE
 * creates its folder, IMPORT DATABASE and PRAGMA import_database read and expand files). Other words go on to the
 * statement-type check, so a typo still gets DuckDB's own parser error.
 */
const REFUSED_START = /^(copy|export|import|attach|detach|pragma|call|install|load|force|prepare|execute|vacuum|analy[sz]e|checkpoint|use|merge)(?![\w$])/i;

function stripLeadingComments(sql: string): string {
  let s = sql.trimStart();
  for (;;) {
    if (s.startsWith('--')) s = s.slice(s.indexOf('\n') === -1 ? s.length : s.indexOf('\n')).trimStart();
    else if (s.startsWith('/*')) s = s.slice(s.indexOf('*/') === -1 ? s.length : s.indexOf('*/') + 2).trimStart();
    else return s;
  }
}

/**
 * Throws ReadOnlyViolation unless `sql` is one statement of an allowed kind; `onlyQuery` requires a statement that
 * returns rows (what `.export` wraps in COPY). Parse and bind errors are thrown as DuckDB reports them.
 */
export async function assertReadOnly(connection: DuckDBConnection, sql: string, onlyQuery = false): Promise<void> {
  const forbidden = FORBIDDEN.exec(sql);
  if (forbidden) throw new ReadOnlyViolation(`${String(forbidden[1])}() is not available here: the REPL only reads the warehouse`);
  if (IMPORT_DATABASE.test(sql)) throw new ReadOnlyViolation('IMPORT DATABASE is not allowed: the REPL only reads the warehouse');
  const text = stripLeadingComments(sql);
  const refused = REFUSED_START.exec(text)?.[1];
  if (refused !== undefined) {
    throw new ReadOnlyViolation(`${refused.toUpperCase()} is not allowed: the REPL only reads the warehouse ` +
      '(use .export to write a query result to a folder the session may write)');
  }
  const extracted = await connection.extractStatements(sql);
  // one statement per call: the first-word check above sees only the first
  if (extracted.count > 1) throw new ReadOnlyViolation(`run one statement at a time (got ${String(extracted.count)})`);
  for (let i = 0; i < extracted.count; i++) {
    const prepared = await extracted.prepare(i);
    const type = prepared.statementType;
    prepared.destroySync();
    if (onlyQuery && type !== StatementType.SELECT) throw new ReadOnlyViolation('.export takes a query (SELECT, FROM, WITH ...)');
    if (!ALLOWED.has(type)) {
      throw new ReadOnlyViolation(`${(StatementType[type] as string | undefined) ?? 'this statement'} is not allowed: the REPL only reads the warehouse ` +
        '(use .export to write a query result to a folder the session may write)');
    }
  }
  if (extracted.count === 1) {
    // EXPLAIN ANALYZE runs the statement it explains: only a query may follow EXPLAIN
    const explained = /^explain\s+(?:analy[sz]e\s+)?/i.exec(text);
    if (explained && !QUERY_START.test(text.slice(explained[0].length))) {
      throw new ReadOnlyViolation('EXPLAIN is allowed for queries only (SELECT, FROM, WITH ...)');
    }
  }
}
