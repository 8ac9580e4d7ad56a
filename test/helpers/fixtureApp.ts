// The suite hooks most fixture audits open with: a warehouse ingested from the given real SEC documents and the real
// app over it, started before the suite's first test and closed after its last (skipped, like the tests, when the
// fixtures are absent). Call it at the top of a file or inside a describe; read `app` and `wh` inside tests.
import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { after, before } from './fixtureTest.ts';
import { tempDir } from './tempWarehouse.ts';
import { secSubmission } from '../../demo/secSubmission.ts';
import { fixtureWarehouse, startTestApp, type TestApp, type TestWarehouse } from '../http/testApp.ts';

export interface FixtureApp {
  readonly app: TestApp;
  readonly wh: TestWarehouse;
}

export function fixtureApp(inputs: string[] | (() => string[])): FixtureApp {
  let wh: TestWarehouse | undefined;
  let app: TestApp | undefined;
  before(async () => {
    wh = await fixtureWarehouse(typeof inputs === 'function' ? inputs() : inputs);
    app = await startTestApp(wh.engine);
  });
  after(async () => {
    await app?.close();
    wh?.cleanup();
  });
  return {
    get app() {
      if (!app) throw new Error('fixtureApp: the app is started by the suite\'s before hook');
      return app;
    },
    get wh() {
      if (!wh) throw new Error('fixtureApp: the warehouse is built by the suite\'s before hook');
      return wh;
    },
  };
}

export interface BareDocument {
  /** The fixture file (gzip or plain). */
  file: string;
  accession: string;
  form: string;
  period: string;
  filed: string;
  filer: { name: string; cik: number };
}

/**
 * A fixture document stored without its submission (a bare .htm of a filing), wrapped in an SEC submission (SGML
 * header, as EDGAR serves it) and ingested, with the real app over it. `raw()` is the document as read from the file.
 */
export function bareDocumentApp(doc: BareDocument): FixtureApp & { raw(): string } {
  let raw = '';
  const fx = fixtureApp(() => {
    const bytes = fs.existsSync(doc.file) ? fs.readFileSync(doc.file) : Buffer.alloc(0);
    raw = (doc.file.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('latin1');
    const wrapped = path.join(tempDir('bare-'), `${doc.accession}.txt`);
    fs.writeFileSync(wrapped, secSubmission({
      accession: doc.accession, form: doc.form, period: doc.period, filed: doc.filed,
      parties: [{ role: 'FILER', name: doc.filer.name, cik: doc.filer.cik }],
      documents: [{ type: doc.form, filename: 'form.htm', xml: raw }],
    }), 'latin1');
    return [wrapped];
  });
  return { get app() { return fx.app; }, get wh() { return fx.wh; }, raw: () => raw };
}
