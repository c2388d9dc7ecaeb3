/**
 * A year of a small company's bank lines with the explanation each should get: recurring payees
 * printed the noisy ways real banks print them (card numbers, store numbers, towns, dates, mandate
 * references; styles from ../shared/corpora/statements: Lloyds' "DD"/"BGC"/"FPO" prefixes, card
 * lines ending in a town and "GB", PayPal's "PAYPAL *MERCHANT" and Amazon's "AMAZON.CO.UK*REF"),
 * one-off payees, transfers to savings, and (in the last months) invoice and bill payments.
 */

/** A small deterministic generator (mulberry32), so the year is the same on every run. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Truth = { kind: 'category'; code: string; rate: string | null } | { kind: 'transfer' } | { kind: 'invoice'; reference: string } | { kind: 'bill'; reference: string };

export interface LabelledLine {
  dated_on: string;
  amount: string;
  description: string;
  payee: string;
  truth: Truth;
}

interface Payee {
  name: string;
  templates: string[];
  /** Lines a month (a fraction: the chance of one), and the day they fall on when fixed. */
  perMonth: number;
  day?: number;
  /** Pence: fixed, or a range. */
  amount: number | [number, number];
  moneyIn?: boolean;
  truth: Truth | ((pence: number) => Truth);
  /** Only in these months (1-12), for quarterly payees. */
  months?: number[];
}

const TOWNS = ['LONDON', 'CROYDON', 'READING', 'HOUNSLOW', 'GUILDFORD'];
const category = (code: string, rate: string | null): Truth => ({ kind: 'category', code, rate });

export const RECURRING: Payee[] = [
  { name: 'tesco', templates: ['CARD PAYMENT TO TESCO STORES {n4} ON {dm}', 'TESCO STORES {n4} {town} GB', 'TESCO STORES {n4}'], perMonth: 3, amount: [350, 4800], truth: category('280', '20') },
  { name: 'costa', templates: ['COSTA COFFEE {n5} {town} GB', 'CARD PAYMENT TO COSTA COFFEE {n5} ON {dm}'], perMonth: 4, amount: [260, 1450], truth: category('285', '20') },
  { name: 'british gas', templates: ['DD BRITISH GAS {n7}', 'DIRECT DEBIT PAYMENT TO BRITISH GAS REF {n8} MANDATE NO {n4}'], perMonth: 1, day: 2, amount: [8500, 14500], truth: category('250', '5') },
  { name: 'bt', templates: ['DD BT GROUP PLC {ref}'], perMonth: 1, day: 5, amount: 4199, truth: category('273', '20') },
  { name: 'vodafone', templates: ['DD VODAFONE LIMITED {n7}', 'VODAFONE LTD {n8}'], perMonth: 1, day: 9, amount: [2400, 3100], truth: category('274', '20') },
  { name: 'adobe', templates: ['PAYPAL *ADOBE {n11}', 'PAYPAL *ADOBE {n11} 35314369001'], perMonth: 1, day: 12, amount: 1997, truth: category('269', '20') },
  { name: 'aws', templates: ['AWS EMEA AWS.AMAZON.CO LU', 'AWS EMEA {n8} LU'], perMonth: 1, day: 3, amount: [2100, 6400], truth: category('268', '20') },
  { name: 'rent', templates: ['SO LANDLORD PROPERTIES RENT {mon}', 'STANDING ORDER LANDLORD PROPERTIES {n6}'], perMonth: 1, day: 1, amount: 150000, truth: category('251', '20') },
  { name: 'hiscox', templates: ['DD HISCOX UNDERWRITING {n6}'], perMonth: 1, day: 15, amount: 3811, truth: category('364', '0') },
  { name: 'accountant', templates: ['FPO SMITH & CO ACCOUNTANTS REF LEDG{n4}'], perMonth: 1, day: 20, amount: 48000, truth: category('292', '20'), months: [1, 4, 7, 10] },
  { name: 'trainline', templates: ['TRAINLINE.COM {town}', 'CARD PAYMENT TO TRAINLINE ON {dm}'], perMonth: 1.5, amount: [1200, 9800], truth: category('365', '0') },
  { name: 'shell', templates: ['SHELL HEATHROW {n4} HOUNSLOW', 'SHELL HEATHROW {n3} GB'], perMonth: 1.5, amount: [4000, 8500], truth: category('283', '20') },
  {
    name: 'amazon',
    templates: ['AMAZON.CO.UK*{alnum} AMAZON.CO.UK', 'AMAZON.CO.UK*{alnum}'],
    perMonth: 2,
    amount: [999, 32000],
    // Small orders are stationery, large ones equipment: the amount decides.
    truth: (pence) => (pence < 6000 ? category('277', '20') : category('271', '20')),
  },
  { name: 'globex', templates: ['FPI GLOBEX CORPORATION REF {n5}', 'GLOBEX CORPORATION {n6} BGC'], perMonth: 1, day: 28, amount: 216000, moneyIn: true, truth: category('001', '20') },
  { name: 'stripe', templates: ['STRIPE PAYMENTS UK LT STRIPE', 'STRIPE PAYMENTS UK LT {alnum}'], perMonth: 2, amount: [40000, 180000], moneyIn: true, truth: category('001', '20') },
  { name: 'savings', templates: ['TFR TO SAVINGS {n8}', 'TRANSFER TO SAVINGS ACCOUNT {n8}'], perMonth: 1, day: 25, amount: 100000, truth: { kind: 'transfer' } },
  { name: 'bank fee', templates: ['ACCOUNT FEE', 'SERVICE CHARGES {mon}'], perMonth: 1, day: 27, amount: 650, truth: category('363', '0') },
];

/** Payees seen once: the year's first nine months use the first list, the last three the second. */
const ONE_OFF_TRAINING: [string, string, string | null][] = [
  ['CARD PAYMENT TO JOHN LEWIS {n4} ON {dm}', '271', '20'], ['THE IVY {town} GB', '335', null], ['SCREWFIX DIRECT {n4} YEOVIL', '280', '20'],
  ['ETSY.COM {n8}', '280', '20'], ['PREMIER INN {n5} {town}', '285', '20'], ['RYMAN STATIONERY {n4}', '277', '20'],
  ['CURRYS PC WORLD {n4} {town}', '270', '20'], ['WATERSTONES {n3} {town} GB', '359', '0'], ['BOOTS {n4} {town}', '280', '20'],
  ['ARGOS LTD {n6}', '271', '20'], ['EASYJET {alnum} LUTON', '365', '0'], ['HALFORDS {n4}', '283', '20'],
  ['WICKES {n4} {town} GB', '280', '20'], ['MARKS & SPENCER {n4}', '285', '20'], ['DELIVEROO {n8}', '285', '20'],
  ['ROYAL MAIL {n6}', '358', '0'], ['MOO PRINT LTD {n6}', '276', '20'], ['UDEMY {alnum}', '282', '20'],
];
const ONE_OFF_TEST: [string, string, string | null][] = [
  ['TESCO MOBILE {n8}', '274', '20'], ['AMAZON WEB SERVICES {n6}', '268', '20'], ['CARD PAYMENT TO IKEA {n4} ON {dm}', '271', '20'],
  ['PRET A MANGER {n4} {town}', '285', '20'], ['GITHUB INC {alnum}', '269', '20'], ['NATIONAL EXPRESS {n6}', '365', '0'],
  ['VIS {card} OFFICE DEPOT {n4} {town}', '277', '20'], ['DD SAGE UK LTD {n7}', '269', '20'],
];

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

function fill(template: string, next: () => number, month: number, day: number): string {
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(next() * 10)).join('');
  const alnum = () => `${digits(1)}${'ABCDEFGHJK'[Math.floor(next() * 10)]}${digits(1)}${'LMNPQRSTUV'[Math.floor(next() * 10)]}${digits(2)}`;
  return template
    .replace(/\{n(\d+)\}/g, (_, n: string) => digits(Number(n)))
    .replace('{dm}', `${String(day).padStart(2, '0')}/${String(month).padStart(2, '0')}`)
    .replace('{town}', TOWNS[Math.floor(next() * TOWNS.length)]!)
    .replace('{mon}', MONTHS[month - 1]!)
    .replace('{ref}', `GB${digits(6)}`)
    .replace('{card}', `4929****${digits(4)}`)
    .replace('{alnum}', alnum());
}

const pounds = (pence: number) => (pence / 100).toFixed(2);

/** The lines of one month (year-month as 2026-03), in date order. */
export function monthLines(year: number, month: number, next: () => number, oneOffs: [string, string, string | null][]): LabelledLine[] {
  const lines: LabelledLine[] = [];
  const dated = (day: number) => `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  for (const payee of RECURRING) {
    if (payee.months && !payee.months.includes(month)) continue;
    const count = Math.floor(payee.perMonth) + (next() < payee.perMonth % 1 ? 1 : 0);
    for (let n = 0; n < count; n += 1) {
      const day = payee.day ?? 1 + Math.floor(next() * 27);
      const pence = typeof payee.amount === 'number' ? payee.amount : payee.amount[0] + Math.floor(next() * (payee.amount[1] - payee.amount[0]));
      const template = payee.templates[Math.floor(next() * payee.templates.length)]!;
      lines.push({
        dated_on: dated(day),
        amount: pounds(payee.moneyIn ? pence : -pence),
        description: fill(template, next, month, day),
        payee: payee.name,
        truth: typeof payee.truth === 'function' ? payee.truth(pence) : payee.truth,
      });
    }
  }
  for (const [template, code, rate] of oneOffs) {
    const day = 1 + Math.floor(next() * 27);
    const pence = 1500 + Math.floor(next() * 20000);
    lines.push({ dated_on: dated(day), amount: pounds(-pence), description: fill(template, next, month, day), payee: `one-off ${template}`, truth: category(code, rate) });
  }
  return lines.sort((a, b) => (a.dated_on < b.dated_on ? -1 : a.dated_on > b.dated_on ? 1 : 0));
}

/** Nine months to explain (November 2025 to July 2026) and three to import (August to October 2026). */
export function labelledYear(): { training: LabelledLine[]; test: LabelledLine[] } {
  const next = random(22);
  const months: [number, number][] = [[2025, 11], [2025, 12], ...Array.from({ length: 10 }, (_, index) => [2026, index + 1] as [number, number])];
  const training = months.slice(0, 9).flatMap(([year, month], index) => monthLines(year, month, next, ONE_OFF_TRAINING.slice(index * 2, index * 2 + 2)));
  const test = months.slice(9).flatMap(([year, month], index) => monthLines(year, month, next, ONE_OFF_TEST.slice(index * 3, index * 3 + 3)));
  return { training, test };
}
