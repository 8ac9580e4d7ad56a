// Short non-numeric facts (fact_texts): inline and instance documents keep labels, symbols and dates per context,
// dates written for people become ISO, text blocks and nil facts are not kept, and numbers are not stored twice.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { inlineXbrlParser } from '../../engine/ingest/parsers/inlineXbrl.ts';
import { xbrlInstanceParser } from '../../engine/ingest/parsers/xbrlInstance.ts';
import { NON_NUMERIC_MAX_CHARS } from '../../engine/ingest/parsers/xbrlFiling.ts';
import { fromText, parseWith } from './xbrlFixtures.ts';

const CONTEXTS = `
  <xbrli:context id="d"><xbrli:entity><xbrli:identifier scheme="http://www.sec.gov/CIK">0000000042</xbrli:identifier></xbrli:entity>
    <xbrli:period><xbrli:startDate>2024-01-01</xbrli:startDate><xbrli:endDate>2024-12-31</xbrli:endDate></xbrli:period></xbrli:context>
  <xbrli:context id="a"><xbrli:entity><xbrli:identifier scheme="http://www.sec.gov/CIK">0000000042</xbrli:identifier>
    <xbrli:segment><xbrldi:explicitMember dimension="oef:ClassAxis">f:C000000001Member</xbrldi:explicitMember></xbrli:segment></xbrli:entity>
    <xbrli:period><xbrli:startDate>2024-01-01</xbrli:startDate><xbrli:endDate>2024-12-31</xbrli:endDate></xbrli:period></xbrli:context>
  <xbrli:unit id="pure"><xbrli:measure>xbrli:pure</xbrli:measure></xbrli:unit>`;

const NS = `xmlns:xbrli="http://www.xbrl.org/2003/instance" xmlns:xbrldi="http://xbrl.org/2006/xbrldi"
  xmlns:dei="http://xbrl.sec.gov/dei/2024" xmlns:oef="http://xbrl.sec.gov/oef/2024" xmlns:f="http://example.com/f"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"`;

const LONG = 'Past performance does not indicate future results. '.repeat(20);

function inline(body: string): string {
  return `<?xml version="1.0" encoding="utf-8"?>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:ix="http://www.xbrl.org/2013/inlineXBRL"
  xmlns:ixt="http://www.xbrl.org/inlineXBRL/transformation/2020-02-12" ${NS}>
<body><div style="display:none"><ix:header><ix:hidden>
  <ix:nonNumeric name="dei:DocumentType" contextRef="d">N-CSR</ix:nonNumeric>
  <ix:nonNumeric name="dei:EntityCentralIndexKey" contextRef="d">0000000042</ix:nonNumeric>
</ix:hidden><ix:resources>${CONTEXTS}</ix:resources></ix:header></div>
${body}
</body></html>`;
}

test('inline: a class ticker, a class name and a date written for people are kept on their class context', () => {
  const { batch } = parseWith(inlineXbrlParser, fromText('t.htm', inline(`
    <p><ix:nonNumeric name="dei:TradingSymbol" contextRef="a"> DEMX </ix:nonNumeric>
    <ix:nonNumeric name="oef:ClassName" contextRef="a">Investor
       <b>Class</b></ix:nonNumeric>
    <ix:nonNumeric name="oef:PerfInceptionDate" contextRef="a" format="ixt:date-monthname-day-year-en">May 2, 2016</ix:nonNumeric>
    <ix:nonFraction name="oef:ExpenseRatioPct" contextRef="a" unitRef="pure" decimals="4" scale="-2">0.59</ix:nonFraction></p>`)));
  const byConcept = new Map(batch.fact_texts.map((t) => [t.concept, t]));
  assert.equal(byConcept.get('dei:TradingSymbol')?.value, 'DEMX');
  assert.equal(byConcept.get('oef:ClassName')?.value, 'Investor Class');
  assert.equal(byConcept.get('oef:PerfInceptionDate')?.value, '2016-05-02');
  assert.deepEqual(byConcept.get('dei:TradingSymbol')?.dims, [{ axis: 'oef:ClassAxis', member: 'f:C000000001Member', typed: false }]);
  assert.equal(byConcept.get('dei:TradingSymbol')?.periodEnd, '2024-12-31');
  // the number stays a number, only in facts
  assert.ok(!byConcept.has('oef:ExpenseRatioPct'));
  assert.deepEqual(batch.facts.map((f) => [f.concept, f.value]), [['oef:ExpenseRatioPct', 0.0059]]);
  // the kept dei cover facts are text facts too
  assert.equal(byConcept.get('dei:DocumentType')?.value, 'N-CSR');
});

test('inline: a text block longer than a label and a nil fact are not kept', () => {
  assert.ok(LONG.length > NON_NUMERIC_MAX_CHARS);
  const { batch } = parseWith(inlineXbrlParser, fromText('t.htm', inline(`
    <div><ix:nonNumeric name="oef:PerformancePastDoesNotIndicateFuture" contextRef="a" escape="true"><p>${LONG}</p></ix:nonNumeric>
    <ix:nonNumeric name="oef:ClassName" contextRef="a" xsi:nil="true"/></div>`)));
  assert.deepEqual(batch.fact_texts.map((t) => t.concept).sort(), ['dei:DocumentType', 'dei:EntityCentralIndexKey']);
});

test('instance: non-numeric items up to a label are kept, text blocks are not', () => {
  const { batch } = parseWith(xbrlInstanceParser, fromText('t.xml', `<?xml version="1.0"?>
<xbrli:xbrl ${NS}>${CONTEXTS}
  <dei:DocumentType contextRef="d">N-CSR</dei:DocumentType>
  <dei:EntityCentralIndexKey contextRef="d">0000000042</dei:EntityCentralIndexKey>
  <dei:TradingSymbol contextRef="a">DEMX</dei:TradingSymbol>
  <oef:PerformancePastDoesNotIndicateFuture contextRef="a">${LONG}</oef:PerformancePastDoesNotIndicateFuture>
  <oef:ExpenseRatioPct contextRef="a" unitRef="pure" decimals="4">0.0059</oef:ExpenseRatioPct>
</xbrli:xbrl>`));
  const kept = new Map(batch.fact_texts.map((t) => [t.concept, t.value]));
  assert.equal(kept.get('dei:TradingSymbol'), 'DEMX');
  assert.ok(!kept.has('oef:PerformancePastDoesNotIndicateFuture'));
  assert.ok(!kept.has('oef:ExpenseRatioPct'));
  assert.equal(batch.facts.length, 1);
});
