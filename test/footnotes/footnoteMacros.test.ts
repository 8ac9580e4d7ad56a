// The small rules every footnote endpoint shares, checked in real DuckDB: member display names, the maturity year of
// a debt member, whole-percent re-scaling, and the omission rule's JSON compaction.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { openTempEngine } from '../helpers/tempWarehouse.ts';
import type { Engine } from '../../engine/db/Engine.ts';
import { defined } from '../helpers/defined.ts';

let engine: Engine;
let cleanup: () => void;
before(async () => {
  ({ engine, cleanup } = await openTempEngine());
});
after(() => { cleanup(); });

async function scalar<T>(sql: string, params: unknown[] = []): Promise<T> {
  const [row] = await engine.query<{ v: T }>(`SELECT ${sql} AS v`, params as never);
  return defined(row, `the row of ${sql}`).v;
}

describe('footnote macros', () => {
  test('member_name makes a readable name of a member QName; a typed member value stays as it is', async () => {
    const cases: [string, string][] = [
      ['us-gaap:EmployeeSeveranceMember', 'Employee Severance'],
      ['unp:A2025AcceleratedShareRepurchaseMember', 'A2025 Accelerated Share Repurchase'],
      ['us-gaap:RestrictedStockUnitsRSUMember', 'Restricted Stock Units RSU'],
      ['aapl:A1.000NotesDue2022Member', 'A1.000 Notes Due 2022'],
      ['2022-09-25', '2022-09-25'],
    ];
    for (const [member, name] of cases) assert.equal(await scalar<string>('member_name($1)', [member]), name, member);
  });

  test('due_year reads the year a member name states, preferring the one after Due, and is NULL without one', async () => {
    const cases: [string, number | null][] = [
      ['aapl:A1.000NotesDue2022Member', 2022],
      ['x:Notes2030And2032Member', 2032],
      ['x:SeniorNotesDue2031IssuedIn2021Member', 2031],
      ['us-gaap:SeniorNotesMember', null],
      ['x:Notes5.875PercentMember', null],
    ];
    for (const [member, year] of cases) assert.equal(await scalar<number | null>('due_year($1)', [member]), year, member);
  });

  test('rate_fraction re-scales only values beyond the limit: 4.5 -> 0.045 for rates, 1.6 stays for volatility', async () => {
    assert.equal(await scalar<number>('rate_fraction(4.5, 1)'), 0.045);
    assert.equal(await scalar<number>('rate_fraction(0.045, 1)'), 0.045);
    assert.equal(await scalar<number>('rate_fraction(1.6, 3)'), 1.6);
    assert.equal(await scalar<number>('rate_fraction(45.0, 3)'), 0.45);
    assert.equal(await scalar<boolean>('rate_is_whole_percent(NULL, 1)'), false);
  });

  test('json_compact drops nulls at every object level and turns an empty object into NULL', async () => {
    assert.equal(await scalar<string>(`json_compact(json_object('a', 1, 'b', NULL, 'c', json_object('d', NULL, 'e', 2)))::VARCHAR`), '{"a":1,"c":{"e":2}}');
    assert.equal(await scalar<string | null>(`json_compact(json_object('a', NULL))::VARCHAR`), null);
  });
});
