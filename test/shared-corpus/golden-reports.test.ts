import { expect, it } from 'vitest';
import { createTestBook } from '../engine/harness';
import { describeShared, readSharedJson } from './shared';

// The reports have the live service's shape: the key sets of its captured responses.
const GOLDEN = ['corpora', 'freeagent', 'golden-responses'];
const keysOf = (record: object) => Object.keys(record).sort();

describeShared('golden responses: reports', () => {
  it('GET /v2/cashflow has the keys of golden cashflow.json, down to a month', async () => {
    const golden = readSharedJson(...GOLDEN, 'cashflow.json').cashflow;
    const { body } = await createTestBook().json('GET', '/v2/cashflow');
    expect(keysOf(body.cashflow)).toEqual(keysOf(golden));
    expect(keysOf(body.cashflow.incoming)).toEqual(keysOf(golden.incoming));
    expect(keysOf(body.cashflow.incoming.months[0])).toEqual(keysOf(golden.incoming.months[0]));
  });

  it('GET /v2/accounting/profit_and_loss/summary has the keys of golden profit_and_loss.json', async () => {
    const golden = readSharedJson(...GOLDEN, 'profit_and_loss.json').profit_and_loss_summary;
    const { body } = await createTestBook().json('GET', '/v2/accounting/profit_and_loss/summary');
    expect(keysOf(body.profit_and_loss_summary)).toEqual(keysOf(golden));
    expect(keysOf(body.profit_and_loss_summary.less[0])).toEqual(keysOf(golden.less[0]));
  });
});
