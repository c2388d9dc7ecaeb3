import { expect, it } from 'vitest';
import { ORIGIN, createTestBook } from '../engine/harness';
import { describeShared, readSharedJson } from './shared';

// The lookups of the foundation issue against what the live service answered
// (corpora/freeagent/golden-responses, captured from a UK limited company sandbox in August 2026).

const GOLDEN = ['corpora', 'freeagent', 'golden-responses'];
const LIVE_ORIGIN = 'https://api.freeagent.com';

const keysOf = (record: object) => Object.keys(record).sort();

describeShared('golden responses: categories, capital asset types, MOSS rates', () => {
  it('GET /v2/categories of a new limited company is the live chart, record for record', async () => {
    const golden = readSharedJson(...GOLDEN, 'categories.json');
    const t = createTestBook();
    const { body } = await t.json('GET', '/v2/categories');
    expect(JSON.parse(JSON.stringify(body).replaceAll(ORIGIN, LIVE_ORIGIN))).toEqual(golden);
  });

  it('GET /v2/capital_asset_types has the key set of the live records', async () => {
    const golden = readSharedJson(...GOLDEN, 'capital_asset_types.json').capital_asset_types;
    const t = createTestBook();
    const { body } = await t.json('GET', '/v2/capital_asset_types');
    expect(body.capital_asset_types.length).toBeGreaterThan(0);
    for (const record of body.capital_asset_types) expect(keysOf(record)).toEqual(keysOf(golden[0]));
  });

  it('GET /v2/ec_moss/sales_tax_rates for Ireland answers what the live service did', async () => {
    const golden = readSharedJson(...GOLDEN, 'ec_moss_rates.json');
    const t = createTestBook();
    const { body } = await t.json('GET', '/v2/ec_moss/sales_tax_rates?country=Ireland&date=2026-08-16');
    expect(body).toEqual(golden);
  });
});
