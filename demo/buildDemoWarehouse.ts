// Builds the demo warehouse: the fixed cast of synthetic filers, their footnote 10-K/10-Qs in inline XBRL, their insiders' Forms 4, their holders' 13F-HR and 13G, the demo funds' N-PORT reports,
// shareholder reports (N-CSR/N-CSRS) and prospectuses (485BPOS), IPO issuers and their prospectuses,
// written as SEC source files to a temporary folder and ingested through the ordinary pipeline. Deterministic and idempotent: a second run adds no rows.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../engine/config.ts';
import { Engine } from '../engine/db/Engine.ts';
import { ingestPaths, type IngestReport } from '../engine/ingest/ingest.ts';
import { renderAnswers } from '../engine/serving/renderAnswers.ts';
import { materializePeriods } from '../engine/financials/materializePeriods.ts';
import { isWarehouseEmpty } from '../engine/warehouse/isWarehouseEmpty.ts';
import { DEMO_COMPANIES, DEMO_YEARS } from './demoCompanies.ts';
import { writeDemoSources } from './writeDemoSources.ts';
import { writeDemoOwnership } from './writeDemoOwnership.ts';
import { writeDemoFootnotes } from './writeDemoFootnotes.ts';
import { writeDemoDocuments } from './writeDemoDocuments.ts';
import { writeDemoFxRates } from './demoFxRates.ts';
import { writeDemoFunds } from './writeDemoFunds.ts';
import { writeDemoFundReports } from './writeDemoFundReports.ts';
import { DEMO_FUND_REPORT_SUBJECTS } from './demoFundReportSubjects.ts';
import { writeDemoIpos } from './demoIpos.ts';
import { writeDemoIpoDocuments } from './demoIpoDocuments.ts';
import { DEMO_CIK_FIRST, DEMO_CIK_LAST } from './DemoCompany.ts';

/**
 * Ingest the demo cast into the engine's warehouse (write mode). Idempotent by accession: after a change to the
 * generator, rebuild into an empty folder, since accessions already held are skipped, not replaced.
 * `render`: also render the rendered-answer store after the periods refresh (what `npm run demo` and `npm start` on an
 * empty warehouse do, so the first requests are served from it); off for the tests that only need the warehouse.
 */
export async function buildDemoWarehouse(engine: Engine, options: { render?: boolean } = {}): Promise<IngestReport> {
  if (engine.mode !== 'write') throw new Error('buildDemoWarehouse needs an engine opened with mode "write"');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'filings-demo-'));
  try {
    writeDemoSources(dir, DEMO_COMPANIES, DEMO_YEARS);
    writeDemoOwnership(dir, DEMO_COMPANIES, DEMO_YEARS);
    writeDemoFootnotes(dir, DEMO_COMPANIES, DEMO_YEARS);
    writeDemoDocuments(dir, DEMO_COMPANIES, DEMO_YEARS);
    writeDemoFxRates(dir, DEMO_YEARS);
    writeDemoFunds(dir, DEMO_COMPANIES, DEMO_YEARS);
    writeDemoFundReports(dir, DEMO_FUND_REPORT_SUBJECTS, DEMO_YEARS);
    writeDemoIpos(dir);
    writeDemoIpoDocuments(dir);
    return await ingestPaths(engine, [dir], {
      afterCommit: async (e) => {
        await materializePeriods(e);
        if (options.render) await renderAnswers(e);
      },
    });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** For `serve`: fill an empty warehouse with the demo cast; leaves a warehouse holding anything untouched. */
export async function ensureDemoWarehouse(config: Config): Promise<{ built: boolean; report: IngestReport | null }> {
  if (!isWarehouseEmpty(config.warehouseDir)) return { built: false, report: null };
  const engine = await Engine.open({ warehouseDir: config.warehouseDir, mode: 'write', threads: config.threads, memoryLimit: config.memoryLimit });
  try {
    return { built: true, report: await buildDemoWarehouse(engine, { render: true }) };
  } finally {
    engine.close();
  }
}

/** Rows of companies outside the demo CIK range, per dataset that has a cik (the demo refuses to mix with real data). */
export async function countNonDemoRows(engine: Engine): Promise<number> {
  const [row] = await engine.query<{ n: number }>(
    `SELECT ((SELECT count(*) FROM src_facts WHERE cik NOT BETWEEN $lo AND $hi)
           + (SELECT count(*) FROM src_filings WHERE cik NOT BETWEEN $lo AND $hi)
           + (SELECT count(*) FROM src_entities WHERE cik NOT BETWEEN $lo AND $hi))::INTEGER AS n`,
    { lo: DEMO_CIK_FIRST, hi: DEMO_CIK_LAST },
  );
  return row?.n ?? 0;
}
