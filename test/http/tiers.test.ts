// Tier rules: labels name the admitted plans, Pro admits every route, unlabelled routes are open; overrides by file.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { admittedPlans, DEFAULT_TIERS, loadTierConfig, planRequiredMessage, TierConfigError } from '../../http/tiers.ts';
import { tempDir } from '../helpers/tempWarehouse.ts';

test('the spec labels admit the plans they name, plus Pro', () => {
  const cases: [string[], string[]][] = [
    [[], ['Free', 'Starter', 'Pro', 'Stock Pro', 'ETF Pro']],
    [['F', 'S', 'EP'], ['Free', 'Starter', 'Pro', 'ETF Pro']],
    [['S', 'SP'], ['Starter', 'Pro', 'Stock Pro']],
    [['SP'], ['Pro', 'Stock Pro']],
    [['EP'], ['Pro', 'ETF Pro']],
    [['Pro'], ['Pro']],
  ];
  for (const [labels, plans] of cases) assert.deepEqual(admittedPlans(DEFAULT_TIERS, labels as never), plans, labels.join(','));
});

test('the 403 message names the caller plan and the Professional plan', () => {
  assert.equal(planRequiredMessage(DEFAULT_TIERS, 'Free', ['Pro']), 'Feature not available on your current plan (Free): a Professional plan is required');
  assert.equal(planRequiredMessage(DEFAULT_TIERS, 'Free', ['SP']), 'Feature not available on your current plan (Free): one of these plans is required: Professional, Stock Pro');
});

test('a tiers file overrides only the fields it names, and a bad one is refused naming the field', () => {
  const dir = tempDir('tiers-');
  const file = path.join(dir, 'tiers.json');
  fs.writeFileSync(file, JSON.stringify({ plans: { Free: { perMinute: 10 } }, labels: { SP: ['Stock Pro', 'Starter'] } }));
  const config = loadTierConfig(file);
  assert.deepEqual(config.plans.Free, { ...DEFAULT_TIERS.plans.Free, perMinute: 10 });
  assert.deepEqual(config.plans.Pro, DEFAULT_TIERS.plans.Pro);
  assert.deepEqual(admittedPlans(config, ['SP']), ['Starter', 'Pro', 'Stock Pro']);
  fs.writeFileSync(file, JSON.stringify({ plans: { Free: { perMinute: -1 } } }));
  assert.throws(() => loadTierConfig(file), (err: unknown) => err instanceof TierConfigError && /plans\.Free\.perMinute/.test(err.message));
  fs.writeFileSync(file, JSON.stringify({ plans: { Gold: {} } }));
  assert.throws(() => loadTierConfig(file), TierConfigError);
});
