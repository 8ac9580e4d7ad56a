// Schedules 13D and 13G: the XML form (since Dec 2024), legacy text and HTML cover pages, an SGML .nc submission, and
// the beneficial-owners resource built from them (latest report per owner, previous percent, intent, insider match).
import { after, before, describe, test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { fixture } from '../helpers/tempWarehouse.ts';
import { ownershipWarehouse, scratchDir, variantOf, variantWith, type OwnershipWarehouse } from './ownershipWarehouse.ts';
import { defined } from '../helpers/defined.ts';

interface Owner {
  reportingPersonName: string; reportingPersonCik: number | null; activist: boolean; amendment: boolean; percentOfClass: number | null;
  aggregateAmountOwned: number | null; soleVotingPower: number | null; sharedVotingPower: number | null; soleDispositivePower: number | null;
  sharedDispositivePower: number | null; typeOfReportingPerson: string | null; securityClassTitle: string | null; reportDate: string | null;
  accessionNumber: string | null; filingUrl: string | null; filingType: string | null; prevPercentOfClass: number | null;
  purposeOfTransaction: string | null; intent: string | null; isInsider: boolean; insiderTitle: string | null;
}

describe('Schedules 13D/13G and beneficial owners', () => {
  const scratch = scratchDir();
  let w: OwnershipWarehouse;
  const dg = (...p: string[]) => fixture('edgar', '13dg', ...p);
  before(async () => {
    // BlackRock's previous amendment on Trinity (No. 2, a year earlier, 15.2%)
    const trinityEarlier = variantOf(dg('SC-13G-A-DOCUMENT-WITH-TEXT.trinity.html'), scratch.dir, 'trinity-amendment-2.html', [
      ['(Amendment No:  3)', '(Amendment No:  2)'], [/December 31, 2023/g, 'December 31, 2022'], [/17\.1%/g, '15.2%'],
    ]);
    // The Marex 13G moved onto Snowflake, whose Form 3 names Berkshire Hathaway a 10% owner, one person renamed
    const snowflake13g = variantOf(dg('schedule13g.xml'), scratch.dir, 'snowflake-13g.xml', [
      ['<issuerCik>0001909747</issuerCik>', '<issuerCik>0001640147</issuerCik>'],
      ['<issuerCusip>48213Y107</issuerCusip>', '<issuerCusip>833445109</issuerCusip>'],
      ['<reportingPersonName>Marex Group plc</reportingPersonName>', '<reportingPersonName>Berkshire Hathaway Inc.</reportingPersonName>'],
    ]);
    w = await ownershipWarehouse([
      fixture('edgar', '13dg'), trinityEarlier, snowflake13g, fixture('edgar', 'ownership', 'form3.snow.nonderiv.xml'),
      fixture('edgar', 'reference', 'cusip_ticker.csv.gz'), fixture('edgar', 'reference', 'company_tickers.json.gz'),
    ]);
  });
  after(() => {
    w.cleanup();
    scratch.remove();
  });
  const owners = (args: string) => w.engine.query<Owner>(`SELECT * FROM beneficial_owners(${args})`);

  test('every 13D/G fixture is recognised: XML, legacy text, legacy HTML, and HTML inside an .nc submission', () => {
    const kinds = Object.fromEntries(w.report.parsed.map((p) => [defined(p.name.split('/').pop(), 'file name'), p.kind] as const));
    assert.equal(kinds['schedule13d.xml'], '13dg-xml');
    assert.equal(kinds['schedule13g.xml'], '13dg-xml');
    assert.equal(kinds['SC-13G-A-DOCUMENT-WITH-TEXT.trinity.html'], '13dg-text');
    assert.equal(kinds['SC-13G-DOCUMENT.livent.html'], '13dg-text');
    assert.equal(kinds['0001076809-24-000144.nc'], 'sgml+13dg-text');
  });

  test('XML 13D (Aadi): two reporting persons with CIKs, shares and percent, Item 4 purpose, activist and active', async () => {
    const rows = await owners(`1422142, NULL, NULL, NULL, NULL`);
    assert.deepEqual(rows.map((r) => [r.reportingPersonName, r.reportingPersonCik, r.percentOfClass, r.aggregateAmountOwned, r.soleVotingPower, r.sharedVotingPower]), [
      ['Leonard Braden Michael', 1373603, 9.9, 2435000, 335000, 2100000],
      ['BML Investment Partners, L.P.', 1373604, 8.5, 2100000, 0, 2100000],
    ]);
    assert.ok(rows.every((r) => r.activist && r.intent === 'active' && r.filingType === '13D' && r.reportDate === '2024-12-31'));
    assert.match(defined(defined(rows[0], 'rows[0]').purposeOfTransaction, 'rows[0]!.purposeOfTransaction'), /^The Reporting Persons purchased the Common Stock reported hereunder for investment purposes/);
    assert.equal(defined(rows[0], 'rows[0]').typeOfReportingPerson, 'IN');
  });

  test('XML 13G (Jushi): passive filer under Rule 13d-1(c) is strategic, 10,000,000 shares = 5.1%', async () => {
    const rows = await owners(`NULL, NULL, '48213Y107', NULL, NULL`);
    assert.deepEqual(rows.map((r) => [r.reportingPersonName, r.percentOfClass, r.aggregateAmountOwned, r.activist, r.intent]), [
      ['Marex Group plc', 5.1, 10000000, false, 'strategic'],
      ['Marex Securities Products Inc.', 5.1, 10000000, false, 'strategic'],
    ]);
  });

  test('legacy text 13G/A (Trinity): BlackRock 17.1%, 13,967,335 shares, HC; the earlier amendment gives prevPercentOfClass', async () => {
    const rows = await owners(`NULL, 'TRN', NULL, NULL, NULL`);
    assert.equal(rows.length, 1);
    const r = defined(rows[0], 'rows[0]');
    assert.deepEqual([r.reportingPersonName, r.percentOfClass, r.aggregateAmountOwned, r.soleVotingPower, r.soleDispositivePower, r.typeOfReportingPerson],
      ['BlackRock, Inc.', 17.1, 13967335, 13767282, 13967335, 'HC']);
    assert.deepEqual([r.reportDate, r.amendment, r.filingType, r.prevPercentOfClass, r.securityClassTitle], ['2023-12-31', true, '13G/A', 15.2, 'Common Stock']);
  });

  test('legacy HTML 13G (Livent): four reporting persons at 0.0%', async () => {
    const rows = await owners(`NULL, NULL, '53814L108', NULL, NULL`);
    assert.deepEqual(rows.map((r) => r.reportingPersonName).sort(),
      ['ICS Opportunities, Ltd.', 'Israel A. Englander', 'Millennium Group Management LLC', 'Millennium Management LLC']);
    assert.ok(rows.every((r) => r.percentOfClass === 0 && r.reportDate === '2023-12-29'));
  });

  test('HTML 13G inside an .nc submission (Avid): the header gives accession, filing date and the subject company', async () => {
    const rows = await owners(`704562, NULL, NULL, NULL, NULL`);
    assert.deepEqual(rows.map((r) => [r.reportingPersonName, r.percentOfClass, r.sharedVotingPower, r.typeOfReportingPerson]), [
      ['Glazer Capital, LLC', 5.31, 3394114, 'IA, OO'], ['Paul J. Glazer', 5.31, 3394114, 'IN'],
    ]);
    assert.equal(defined(rows[0], 'rows[0]').accessionNumber, '0001076809-24-000144');
    assert.equal(defined(rows[0], 'rows[0]').filingUrl, 'https://www.sec.gov/Archives/edgar/data/704562/000107680924000144/0001076809-24-000144-index.htm');
    assert.equal(defined(rows[0], 'rows[0]').reportDate, '2024-12-09');
  });

  test("an owner named on the issuer's Form 3 is an insider with that filing's relationship", async () => {
    const rows = await owners(`1640147, NULL, NULL, NULL, NULL`);
    const brk = defined(rows.find((r) => r.reportingPersonName === 'Berkshire Hathaway Inc.'), 'rows.find((r) => r.reportingPersonName === \'Berkshire Ha...');
    assert.deepEqual([brk.isInsider, brk.insiderTitle], [true, '10% Owner']);
    const marex = defined(rows.find((r) => r.reportingPersonName === 'Marex Securities Products Inc.'), 'rows.find((r) => r.reportingPersonName === \'Marex Securi...');
    assert.deepEqual([marex.isInsider, marex.insiderTitle], [false, null]);
  });

  test('the cover pages map CUSIPs to issuers: stated CIKs, and tickers from the CUSIP map', async () => {
    const rows = await w.engine.query<{ cusip: string; cik: number | null; ticker: string | null }>(`
      SELECT cusip, cik, ticker FROM ownership_cusips WHERE cusip IN ('00032Q104', '48213Y107', '896522109', '05368M106') ORDER BY cusip`);
    assert.deepEqual(rows, [
      { cusip: '00032Q104', cik: 1422142, ticker: 'WHWK' },
      { cusip: '05368M106', cik: 704562, ticker: 'CDMO' },
      { cusip: '48213Y107', cik: 1909747, ticker: 'JUSHF' },
      { cusip: '896522109', cik: 99780, ticker: 'TRN' },
    ]);
  });
});

describe('a 13G submission with an exhibit', () => {
  test('the joint filing agreement exhibit is not read as a cover page; the schedule still is', async () => {
    const scratch = scratchDir();
    const withExhibit = variantWith(fixture('edgar', '13dg', '0001076809-24-000144.nc'), scratch.dir, '0001076809-24-000144.nc', (t) =>
      t.replace('</SUBMISSION>', '<DOCUMENT>\n<TYPE>EX-99.1\n<SEQUENCE>2\n<FILENAME>ex99.htm\n<TEXT>\n<HTML><BODY><P>JOINT FILING AGREEMENT. The undersigned agree that the '
        + 'Schedule 13G to which this agreement is attached is filed on behalf of each of them.</P></BODY></HTML>\n</TEXT>\n</DOCUMENT>\n</SUBMISSION>'));
    const w = await ownershipWarehouse([withExhibit]);
    try {
      assert.equal(w.report.parsed[0]?.kind, 'sgml+13dg-text');
      const [n] = await w.engine.query<{ n: number }>('SELECT count(*)::INTEGER AS n FROM src_beneficial_owners');
      assert.equal(n?.n, 2);
    } finally {
      w.cleanup();
      scratch.remove();
    }
  });
});

// issue 8 item 6: EDGAR's current layout nests the issuer CUSIPs (issuerInfo/issuerCusips/issuerCusipNumber, possibly
// several) and repeats typeOfReportingPerson; values below are read from the document the test writes.
describe('Schedule 13G XML in the current EDGAR layout (nested CUSIP list, several type codes)', () => {
  test('each CUSIP of the list gets every reporting person; every type code is kept', async () => {
    const scratch = scratchDir();
    const doc = variantOf(fixture('edgar', '13dg', 'schedule13g.xml'), scratch.dir, 'schedule13g-nested.xml', [
      ['<issuerCusip>48213Y107</issuerCusip>',
        '<issuerCusips><issuerCusipNumber>48213Y107</issuerCusipNumber><issuerCusipNumber>48213Y 20 6</issuerCusipNumber></issuerCusips>'],
      ['<typeOfReportingPerson>CO</typeOfReportingPerson>', '<typeOfReportingPerson>HC</typeOfReportingPerson><typeOfReportingPerson>CO</typeOfReportingPerson>'],
    ]);
    const xml = fs.readFileSync(doc, 'utf8');
    const persons = [...xml.matchAll(/<coverPageHeaderReportingPersonDetails>([\s\S]*?)<\/coverPageHeaderReportingPersonDetails>/g)].map((m) => ({
      name: defined(defined(/<reportingPersonName>([^<]+)</.exec(defined(m[1], 'm[1]')), '/<reportingPersonName>([^<]+)</.exec(m[1]!)')[1], '/<reportingPersonName>([^<]+)</.exec(m[1]!)![1]'),
      amount: Number(defined(/<reportingPersonBeneficiallyOwnedAggregateNumberOfShares>([^<]+)</.exec(defined(m[1], 'm[1]')), '/<reportingPersonBeneficiallyOwnedAggregateNumberOfShares...')[1]),
      types: [...defined(m[1], 'm[1]').matchAll(/<typeOfReportingPerson>([^<]+)</g)].map((t) => t[1]).join(', '),
    }));
    const cusips = [...xml.matchAll(/<issuerCusipNumber>([^<]+)</g)].map((m) => defined(m[1], 'm[1]').replace(/\s/g, ''));
    const w = await ownershipWarehouse([doc]);
    try {
      assert.equal(w.report.parsed[0]?.kind, '13dg-xml');
      for (const cusip of cusips) {
        const rows = await w.engine.query<Owner>(`SELECT * FROM beneficial_owners(NULL, NULL, $c, NULL, NULL)`, { c: cusip });
        assert.deepEqual(rows.map((r) => [r.reportingPersonName, r.aggregateAmountOwned, r.typeOfReportingPerson]).sort(),
          persons.map((p) => [p.name, p.amount, p.types]).sort(), cusip);
      }
      assert.ok(persons.some((p) => p.types === 'HC, CO'));
    } finally {
      w.cleanup();
      scratch.remove();
    }
  });

  test('a 13D reporting person whose type element lists several codes keeps them all', async () => {
    const scratch = scratchDir();
    const doc = variantOf(fixture('edgar', '13dg', 'schedule13d.xml'), scratch.dir, 'schedule13d-codes.xml', [
      ['<typeOfReportingPerson>PN</typeOfReportingPerson>', '<typeOfReportingPerson>IA, PN</typeOfReportingPerson>'],
    ]);
    const w = await ownershipWarehouse([doc]);
    try {
      const rows = await w.engine.query<Owner>(`SELECT * FROM beneficial_owners(1422142, NULL, NULL, NULL, NULL)`);
      assert.equal(rows.find((r) => r.reportingPersonName === 'BML Investment Partners, L.P.')?.typeOfReportingPerson, 'IA, PN');
    } finally {
      w.cleanup();
      scratch.remove();
    }
  });
});
