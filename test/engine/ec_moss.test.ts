import { describe, expect, it } from 'vitest';
import { Level } from '../../shared/api/permissions';
import { decodeXml } from '../../main/engine/codec/xml';
import { MOSS_COUNTRIES, MOSS_START, mossCountry, mossRatesOn, type MossCountry } from '../../main/engine/ledger/moss-rates';
import table from '../../resources/moss-rates.json';
import { createTestBook } from './harness';

const standard = (country: MossCountry, date: string) => mossRatesOn(country, date).filter((rate) => rate.band === 'Standard').map((rate) => rate.percentage);
const band = (country: MossCountry, date: string, name: string) => mossRatesOn(country, date).filter((rate) => rate.band === name).map((rate) => rate.percentage);

function addDays(date: string, days: number): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

describe('mossRatesOn', () => {
  it('answers Ireland as the live service did in 2026: standard, reduced low to high, parking, super reduced', () => {
    // The order and values of golden-responses/ec_moss_rates.json, captured from the live service.
    expect(mossRatesOn('Ireland', '2026-08-16')).toEqual([
      { band: 'Standard', percentage: '23.0' },
      { band: 'Reduced', percentage: '9.0' },
      { band: 'Reduced', percentage: '13.5' },
      { band: 'Parking', percentage: '13.5' },
      { band: 'Super Reduced', percentage: '4.8' },
    ]);
  });

  it('follows temporary and permanent changes to the day', () => {
    expect(standard('Ireland', '2020-08-31')).toEqual(['23.0']);
    expect(standard('Ireland', '2020-09-01')).toEqual(['21.0']);
    expect(standard('Ireland', '2021-02-28')).toEqual(['21.0']);
    expect(standard('Ireland', '2021-03-01')).toEqual(['23.0']);
    expect(mossRatesOn('Germany', '2020-06-30')).toEqual([{ band: 'Standard', percentage: '19.0' }, { band: 'Reduced', percentage: '7.0' }]);
    expect(mossRatesOn('Germany', '2020-07-01')).toEqual([{ band: 'Standard', percentage: '16.0' }, { band: 'Reduced', percentage: '5.0' }]);
    expect(mossRatesOn('Germany', '2020-12-31')).toEqual([{ band: 'Standard', percentage: '16.0' }, { band: 'Reduced', percentage: '5.0' }]);
    expect(mossRatesOn('Germany', '2021-01-01')).toEqual([{ band: 'Standard', percentage: '19.0' }, { band: 'Reduced', percentage: '7.0' }]);
    expect(standard('Estonia', '2023-12-31')).toEqual(['20.0']);
    expect(standard('Estonia', '2024-01-01')).toEqual(['22.0']);
    expect(standard('Estonia', '2025-07-01')).toEqual(['24.0']);
    expect(standard('Finland', '2024-08-31')).toEqual(['24.0']);
    expect(standard('Finland', '2024-09-01')).toEqual(['25.5']);
    expect(band('Finland', '2026-01-01', 'Reduced')).toEqual(['10.0', '13.5']);
    expect(standard('Slovakia', '2024-12-31')).toEqual(['20.0']);
    expect(mossRatesOn('Slovakia', '2025-01-01')).toEqual([
      { band: 'Standard', percentage: '23.0' },
      { band: 'Reduced', percentage: '5.0' },
      { band: 'Reduced', percentage: '19.0' },
    ]);
    expect(standard('Romania', '2015-12-31')).toEqual(['24.0']);
    expect(standard('Romania', '2016-06-01')).toEqual(['20.0']);
    expect(standard('Romania', '2025-07-31')).toEqual(['19.0']);
    expect(mossRatesOn('Romania', '2025-08-01')).toEqual([{ band: 'Standard', percentage: '21.0' }, { band: 'Reduced', percentage: '11.0' }]);
    expect(standard('Luxembourg', '2023-06-01')).toEqual(['16.0']);
    expect(band('Netherlands', '2018-12-31', 'Reduced')).toEqual(['6.0']);
    expect(band('Netherlands', '2019-01-01', 'Reduced')).toEqual(['9.0']);
    expect(band('Czech Republic', '2024-01-01', 'Reduced')).toEqual(['12.0']);
  });

  it('has exactly one standard rate for every country on every day since MOSS began', () => {
    const boundaries = new Set<string>();
    for (const rates of Object.values(table.countries)) {
      for (const rate of rates as { from: string; to?: string }[]) {
        boundaries.add(rate.from).add(addDays(rate.from, -1));
        if (rate.to) boundaries.add(rate.to).add(addDays(rate.to, 1));
      }
    }
    for (let year = 2015; year <= 2027; year += 1) for (let month = 1; month <= 12; month += 1) boundaries.add(`${year}-${String(month).padStart(2, '0')}-01`);
    for (const country of MOSS_COUNTRIES) {
      for (const date of boundaries) {
        if (date < MOSS_START) continue;
        expect(standard(country, date), `${country} on ${date}`).toHaveLength(1);
      }
    }
  });

  it('covers exactly the 27 place of supply countries, with well-formed entries', () => {
    expect(Object.keys(table.countries).sort()).toEqual([...MOSS_COUNTRIES].sort());
    for (const rates of Object.values(table.countries)) {
      for (const rate of rates as { band: string; percentage: string; from: string; to?: string }[]) {
        expect(['Standard', 'Reduced', 'Parking', 'Super Reduced']).toContain(rate.band);
        expect(rate.percentage).toMatch(/^\d{1,2}\.\d$/);
        expect(rate.from >= MOSS_START).toBe(true);
        if (rate.to) expect(rate.to >= rate.from).toBe(true);
      }
    }
  });

  it('has no rates before MOSS began', () => {
    expect(mossRatesOn('France', '2014-12-31')).toEqual([]);
    expect(mossRatesOn('France', '2015-01-01')).toHaveLength(4);
  });

  it('recognises a country name in any letter case', () => {
    expect(mossCountry(' czech republic ')).toBe('Czech Republic');
    expect(mossCountry('United Kingdom')).toBeUndefined();
  });
});

describe('GET /v2/ec_moss/sales_tax_rates', () => {
  it('answers the rates of a country on a date', async () => {
    const t = createTestBook();
    const { status, body } = await t.json('GET', '/v2/ec_moss/sales_tax_rates?country=Austria&date=2017-01-01');
    expect(status).toBe(200);
    expect(body).toEqual({
      ec_tax_name: 'VAT',
      sales_tax_rates: [
        { percentage: '20.0', band: 'Standard' },
        { percentage: '10.0', band: 'Reduced' },
        { percentage: '13.0', band: 'Reduced' },
        { percentage: '13.0', band: 'Parking' },
      ],
    });
  });

  it('takes the country in any letter case', async () => {
    const t = createTestBook();
    const { status, body } = await t.json('GET', '/v2/ec_moss/sales_tax_rates?country=IRELAND&date=2020-10-01');
    expect(status).toBe(200);
    expect(body.sales_tax_rates[0]).toEqual({ percentage: '21.0', band: 'Standard' });
  });

  it('answers 400 when country or date is missing or the date is malformed', async () => {
    const t = createTestBook();
    for (const query of ['?date=2020-01-01', '?country=Austria', '', '?country=&date=2020-01-01', '?country=Austria&date=2020-13-01', '?country=Austria&date=01/02/2020', '?country=Austria&date=2021-02-29']) {
      const { status, body } = await t.json('GET', `/v2/ec_moss/sales_tax_rates${query}`);
      expect(status, query).toBe(400);
      expect(body.errors[0].message).toMatch(/country and date are both required|date must be a date/);
    }
  });

  it('answers 422 for a country that is not a MOSS place of supply, and for a date before MOSS', async () => {
    const t = createTestBook();
    const uk = await t.json('GET', '/v2/ec_moss/sales_tax_rates?country=United%20Kingdom&date=2020-01-01');
    expect(uk.status).toBe(422);
    expect(uk.body.errors[0].message).toMatch(/United Kingdom is not an EC VAT MOSS place of supply/);
    const early = await t.json('GET', '/v2/ec_moss/sales_tax_rates?country=Austria&date=2014-12-31');
    expect(early.status).toBe(422);
    expect(early.body.errors[0].message).toMatch(/before 2015-01-01/);
  });

  it('is open to any signed-in user with access, and closed to one without', async () => {
    const t = createTestBook();
    const none = await t.userWithLevel(Level.NoAccess);
    const time = await t.userWithLevel(Level.Time);
    const path = '/v2/ec_moss/sales_tax_rates?country=Malta&date=2022-05-05';
    expect((await t.json('GET', path, { token: none })).status).toBe(403);
    expect((await t.json('GET', path, { token: time })).status).toBe(200);
    expect((await t.json('GET', path, { token: null })).status).toBe(401);
  });

  it('gives percentages as typed decimals in XML and reads the same as JSON', async () => {
    const t = createTestBook();
    const path = '/v2/ec_moss/sales_tax_rates?country=France&date=2019-03-01';
    const text = await (await t.request('GET', path, { headers: { Accept: 'application/xml' } })).text();
    expect(text).toContain('<sales-tax-rates type="array">');
    expect(text).toContain('<percentage type="decimal">5.5</percentage>');
    expect(decodeXml(text)).toEqual((await t.json('GET', path)).body);
  });
});
