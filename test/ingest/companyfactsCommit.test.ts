// Every fixture companyfacts document, ingested through the bulk companyfacts.zip shape (one zip, member by member, in
// several batches), commits exactly the facts, filings and entity name the JSON states: compared with values read
// from the JSON here, so a faster staging or commit path that drops, duplicates or alters a value fails.
import { test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fixture, openTempEngine, tempDir } from '../helpers/tempWarehouse.ts';
import { readSecJson } from '../helpers/companyFacts.ts';
import { writeZip } from '../helpers/writeZip.ts';
import { IngestFailed, ingestPaths } from '../../engine/ingest/ingest.ts';

function companyFactsFiles(): string[] {
  const dirs = [fixture('sec-datasets', 'bulk-json', 'companyfacts'), fixture('edgar', 'companyfacts')];
  return dirs.filter((d) => fs.existsSync(d)).flatMap((d) => fs.readdirSync(d).filter((f) => /^CIK\d{10}\.json(\.gz)?$/.test(f)).map((f) => path.join(d, f)));
}

interface Doc { cik: number | string; entityName?: string; facts: Record<string, Record<string, { units: Record<string, Record<string, unknown>[]> }>> }

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const num = (v: unknown): string => (typeof v === 'number' ? String(v) : '');

/** One line per distinct fact the document states, in the fields the warehouse keeps. */
function factsOfJson(doc: Doc): string[] {
  const lines = new Set<string>();
  for (const [taxonomy, concepts] of Object.entries(doc.facts)) {
    for (const [concept, { units }] of Object.entries(concepts)) {
      for (const [unit, list] of Object.entries(units)) {
        for (const f of list) {
          lines.add([`${taxonomy}:${concept}`, unit, str(f['accn']), str(f['start']), str(f['end']), num(f['val']), num(f['fy']),
            str(f['fp']), str(f['form']), str(f['filed']), str(f['frame'])].join('|'));
        }
      }
    }
  }
  return [...lines].sort();
}

/** accession -> form of the first fact (in document order) that names the filing's form. */
function filingsOfJson(doc: Doc): string[] {
  const forms = new Map<string, string>();
  for (const concepts of Object.values(doc.facts)) {
    for (const { units } of Object.values(concepts)) {
      for (const list of Object.values(units)) {
        for (const f of list) {
          const accn = str(f['accn']);
          const form = str(f['form']);
          if (form && !forms.has(accn)) forms.set(accn, form);
        }
      }
    }
  }
  return [...forms].map(([accn, form]) => `${accn}|${form}`).sort();
}

test('every fixture companyfacts file, ingested from one bulk zip in several batches, commits exactly the facts its JSON states', async () => {
  const files = companyFactsFiles();
  assert.ok(files.length > 0, 'no companyfacts fixtures found');
  const docs = new Map<number, Doc>();
  const members = new Map<string, Buffer>();
  for (const file of files) {
    const doc = readSecJson(file) as Doc;
    const cik = Number(doc.cik);
    // the same company may sit in both fixture folders; SEC's zip holds one member per company
    if (docs.has(cik)) continue;
    docs.set(cik, doc);
    members.set(`CIK${String(cik).padStart(10, '0')}.json`, Buffer.from(JSON.stringify(doc)));
  }
  const zip = path.join(tempDir('cfzip-'), 'companyfacts.zip');
  writeZip(zip, members);
  const { engine, cleanup } = await openTempEngine();
  try {
    // a small batch limit commits the members in more than one batch, as the multi-gigabyte bulk file is, and a small
    // stageRows moves facts into DuckDB's staging tables member by member before each batch commits
    const report = await ingestPaths(engine, [zip], { batchBytes: 4 * 1024 * 1024, stageRows: 5_000 });
    assert.equal(report.parsed.length, members.size);
    for (const [cik, doc] of docs) {
      const stored = await engine.query<{ line: string }>(`
        SELECT concat_ws('|', concept, unit, accession, coalesce(period_start::VARCHAR, ''), period_end::VARCHAR,
          value::VARCHAR, coalesce(fy::VARCHAR, ''), coalesce(fp, ''), coalesce(form, ''), coalesce(filed::VARCHAR, ''),
          coalesce(frame, '')) AS line, value
        FROM src_facts WHERE cik = $cik AND source = 'companyfacts'`, { cik });
      // DuckDB prints a DOUBLE its own way: compare the number itself, as JavaScript prints it
      const lines = (stored as unknown as { line: string; value: number }[]).map((r) => {
        const parts = r.line.split('|');
        parts[5] = String(r.value);
        return parts.join('|');
      }).sort();
      const expected = factsOfJson(doc);
      assert.ok(expected.length > 0, `CIK ${String(cik)}: the document states facts`);
      assert.equal(lines.length, expected.length, `CIK ${String(cik)}: fact count`);
      assert.deepEqual(lines, expected, `CIK ${String(cik)}: facts`);
      const filings = await engine.query<{ line: string }>(`
        SELECT accession || '|' || form AS line FROM src_filings WHERE cik = $cik AND source = 'companyfacts' ORDER BY line`, { cik });
      assert.deepEqual(filings.map((r) => r.line), filingsOfJson(doc), `CIK ${String(cik)}: filings`);
      const names = await engine.query<{ name: string }>(`SELECT name FROM src_entities WHERE cik = $cik AND source = 'companyfacts'`, { cik });
      assert.deepEqual(names.map((r) => r.name), doc.entityName ? [doc.entityName] : [], `CIK ${String(cik)}: entity name`);
    }
  } finally {
    cleanup();
  }
});

test('facts staged early by a batch that is then rejected never reach the next batch', async () => {
  const [first] = companyFactsFiles();
  if (first === undefined) throw new Error('no companyfacts fixtures found');
  const doc = readSecJson(first) as Doc;
  const inputs = tempDir('cfbad-');
  const text = JSON.stringify(doc);
  fs.writeFileSync(path.join(inputs, 'a-good.json'), text);
  fs.writeFileSync(path.join(inputs, 'b-truncated.json'), text.slice(0, Math.floor(text.length / 2)));
  const { engine, cleanup } = await openTempEngine();
  try {
    await assert.rejects(ingestPaths(engine, [inputs], { stageRows: 1_000 }), (err: unknown) => err instanceof IngestFailed && /b-truncated\.json: not valid JSON/.test(err.message));
    const [empty] = await engine.query<{ n: number }>('SELECT count(*)::INTEGER AS n FROM src_facts');
    assert.equal(empty?.n, 0);
    const good = path.join(inputs, 'a-good.json');
    const report = await ingestPaths(engine, [good], { stageRows: 1_000 });
    assert.equal(report.rows['facts'], factsOfJson(doc).length);
  } finally {
    cleanup();
  }
});
