import { describe, expect, it } from 'vitest';
import { ledgerTotal } from './banking-helpers';
import { createTestBook } from './harness';
import { createSet, entry, posted, setId, user } from './journal-helpers';

/**
 * Payroll journals as spec 4.18 lays them out, with a June 2026 monthly payslip under the 2025/26
 * thresholds: £2,500.00 gross, PAYE £290.50, employee NI £116.16 (8% over £1,048), employer NI £312.45
 * (15% over £417), pension 5% employee £99.00 and 3% employer £59.40 on qualifying earnings. "Net pay"
 * credited to 902 is pay after tax and NI; the pension deduction is then debited to it, leaving £1,994.34.
 */
function employeePayslip(userUrl: string) {
  return [
    entry('401', '2500.00', { description: 'Gross pay' }),
    entry('402', '312.45', { description: 'Employer NI' }),
    entry('814', '-719.11', { description: 'PAYE 290.50, employee NI 116.16, employer NI 312.45' }),
    entry('902', '-2093.34', { user: userUrl, description: 'Net pay' }),
    entry('902', '99.00', { user: userUrl, description: 'Employee pension deduction' }),
    entry('813', '-158.40', { description: 'Pension: employee 99.00, employer 59.40' }),
    entry('403', '59.40', { description: 'Employer pension' }),
  ];
}

const idOf = (url: string) => Number(url.split('/').pop());

describe('payroll journals (4.18)', () => {
  it('one set per employee, dated the payslip date, posts balanced with net pay owed on the user\'s 902-N', async () => {
    const t = createTestBook();
    const ann = await user(t, 'Ann');
    const set = await createSet(t, { dated_on: '2026-06-30', description: 'Payroll June 2026: Ann Example', tag: 'PAYROLL', journal_entries: employeePayslip(ann) });
    expect(posted(t, 'journal_sets', setId(set.url))).toEqual({
      '401': 250000,
      '402': 31245,
      '403': 5940,
      '813': -15840,
      '814': -71911,
      [`902-${idOf(ann)}`]: -199434,
    });
    expect(ledgerTotal(t)).toBe(0);
  });

  it('the employment allowance: a debit to 814 with a credit to 402 for employees', async () => {
    const t = createTestBook();
    const ann = await user(t, 'Ann');
    const set = await createSet(t, {
      dated_on: '2026-06-30',
      description: 'Payroll June 2026 with employment allowance',
      journal_entries: [...employeePayslip(ann), entry('814', '312.45', { description: 'Employment allowance' }), entry('402', '-312.45', { description: 'Employment allowance' })],
    });
    const lines = posted(t, 'journal_sets', setId(set.url));
    expect(lines['402']).toBe(0);
    expect(lines['814']).toBe(-71911 + 31245);
  });

  it('a director: 407 salary and 408 employer NIC, the allowance credited to 408', async () => {
    const t = createTestBook();
    const dee = await user(t, 'Dee', 'Director');
    // £1,047.50 a month: under the £1,048 primary threshold, so no tax or employee NI; employer NI
    // 15% of £630.50 over £417 is £94.58 (rounded half up).
    const set = await createSet(t, {
      dated_on: '2026-06-30',
      description: 'Payroll June 2026: Dee Example (director)',
      journal_entries: [
        entry('407', '1047.50'),
        entry('408', '94.58'),
        entry('814', '-94.58'),
        entry('902', '-1047.50', { user: dee }),
        entry('814', '94.58', { description: 'Employment allowance' }),
        entry('408', '-94.58', { description: 'Employment allowance' }),
      ],
    });
    expect(posted(t, 'journal_sets', setId(set.url))).toEqual({ '407': 104750, '408': 0, '814': 0, [`902-${idOf(dee)}`]: -104750 });
  });

  it('merged payroll: combined totals against a single control user', async () => {
    const t = createTestBook();
    const owner = `http://127.0.0.1:9999/v2/users/${t.ownerId}`;
    // Ann as above plus Bob: £1,800.00 gross, PAYE £150.50, employee NI £60.16, employer NI £207.45,
    // pension £64.00 and £38.40.
    const set = await createSet(t, {
      dated_on: '2026-06-30',
      description: 'Payroll June 2026 (2 employees)',
      journal_entries: [
        entry('401', '4300.00'),
        entry('402', '519.90'),
        entry('814', '-1137.22'),
        entry('902', '-3682.68', { user: owner }),
        entry('902', '163.00', { user: owner }),
        entry('813', '-260.80'),
        entry('403', '97.80'),
      ],
    });
    expect(posted(t, 'journal_sets', setId(set.url))[`902-${t.ownerId}`]).toBe(-351968);
    expect(ledgerTotal(t)).toBe(0);
  });

  it('merged payroll: combined totals against a custom liability category', async () => {
    const t = createTestBook();
    const category = await t.json('POST', '/v2/categories', {
      body: { category: { category_group: 'liabilities', nominal_code: '771', description: 'Net Wages Control', tax_reporting_name: 'creditors' } },
    });
    expect(category.status).toBe(201);
    const set = await createSet(t, {
      dated_on: '2026-06-30',
      description: 'Payroll June 2026 (2 employees)',
      journal_entries: [entry('401', '4300.00'), entry('402', '519.90'), entry('814', '-1137.22'), entry('771', '-3519.68'), entry('813', '-260.80'), entry('403', '97.80')],
    });
    expect(posted(t, 'journal_sets', setId(set.url))['771']).toBe(-351968);
  });

  it('a payslip that does not add up is refused', async () => {
    const t = createTestBook();
    const ann = await user(t, 'Ann');
    const lines = employeePayslip(ann);
    lines[2] = entry('814', '-719.10');
    const response = await t.json('POST', '/v2/journal_sets', { body: { journal_set: { dated_on: '2026-06-30', description: 'Payroll', journal_entries: lines } } });
    expect(response.status).toBe(422);
    expect(response.body.errors[0].message).toMatch(/difference of 0.01/);
  });
});
