import Decimal from 'decimal.js';
import { and, asc, desc, eq } from 'drizzle-orm';
import { minorDigits } from '../../../../shared/money';
import { bankAccounts, projects } from '../../../db/schema';
import { loadCompany } from '../../company-record';
import type { EngineContext } from '../../context';
import { CIS_BANDS } from '../../resources/cis_bands';
import { contactName } from '../contact-name';
import { contactOf, itemsOf, type DocumentRow } from '../documents';

/** Everything a sales document's PDF shows, read once, in the document's currency. */
export interface DocumentFacts {
  title: string;
  /** The heading over the customer's name and address. */
  buyerHeading: string;
  /** False on an estimate whose total is given without VAT (include_sales_tax_on_total_value false). */
  totalIncludesVat: boolean;
  reference: string;
  datedOn: string;
  dueOn: string | null;
  paymentTermsInDays: number;
  currency: string;
  seller: { name: string; address: string[]; vatNumber: string | null; companyNumber: string | null; show: boolean };
  /** What UK company law asks a company's business documents to say of it (registered name, place, number, office). */
  legalNotice: string | null;
  buyer: { name: string; address: string[]; vatNumber: string | null };
  projectName: string | null;
  lines: DocumentLine[];
  /** The items' price x quantity before the discount, when there is one. */
  discount: { percent: string; beforeMinor: number; minor: number } | null;
  vatByRate: { rate: string; netMinor: number; vatMinor: number }[];
  netMinor: number;
  vatMinor: number;
  totalMinor: number;
  cis: { label: string; minor: number } | null;
  bank: { name: string; sortCode: string | null; accountNumber: string | null; iban: string | null; bic: string | null } | null;
  comments: string | null;
  /** A sentence the law asks for on zero-rated EC sales (the customer accounts for the VAT). */
  vatNote: string | null;
}

export interface DocumentLine {
  description: string;
  comment: boolean;
  quantity: string;
  unit: string;
  price: string;
  vatRate: string | null;
  vatStatus: string | null;
  /** price x quantity, as the line reads; a document's discount comes off below the lines. */
  amountMinor: number;
}

const TITLES: Readonly<Record<DocumentRow['kind'], string>> = { invoice: 'Invoice', credit_note: 'Credit note', recurring_template: 'Invoice', estimate: 'Estimate' };
const BUYER_HEADINGS: Readonly<Record<DocumentRow['kind'], string>> = { invoice: 'Bill to', credit_note: 'Credit to', recurring_template: 'Bill to', estimate: 'Prepared for' };

function addressLines(row: { address1: string | null; address2: string | null; address3: string | null; town: string | null; region: string | null; postcode: string | null; country: string }, homeCountry: string): string[] {
  const lines = [row.address1, row.address2, row.address3, row.town, row.region, row.postcode];
  if (row.country && row.country !== homeCountry) lines.push(row.country);
  return lines.filter((line): line is string => Boolean(line && line.trim()));
}

/**
 * The Companies (Trading Disclosures) Regulations 2008 (SI 2008/495), regulations 6 and 7: a company's
 * business letters, order forms and invoices show its registered name, the part of the UK where it is
 * registered, its registered number and its registered office address. The part of the UK is read
 * from the number's prefix as Companies House issues them (SC and SO Scotland; NI, NC and R0 Northern
 * Ireland; digits alone and every other prefix England and Wales); the registered office is the
 * company's address, the one address the book keeps. Sole traders, partnerships and landlords have no
 * registration to show.
 */
export function companyLegalNotice(type: string, name: string, number: string | null, address: readonly string[]): string | null {
  if (type !== 'UkLimitedCompany' || !number) return null;
  const place = /^(SC|SO|SL)/.test(number) ? 'Scotland' : /^(NI|NC|R0)/.test(number) ? 'Northern Ireland' : 'England and Wales';
  const office = address.length > 0 ? ` Registered office: ${address.join(', ')}.` : '';
  return `${name} is registered in ${place}, company number ${number}.${office}`;
}

/** The account a customer pays into: active, the business's own, in the document's currency; the primary first. */
function payingAccount(ctx: EngineContext, currency: string): DocumentFacts['bank'] {
  const row = ctx.db
    .select()
    .from(bankAccounts)
    .where(and(eq(bankAccounts.currency, currency), eq(bankAccounts.type, 'StandardBankAccount'), eq(bankAccounts.isPersonal, false), eq(bankAccounts.status, 'active')))
    .orderBy(desc(bankAccounts.isPrimary), asc(bankAccounts.id))
    .get();
  if (!row || (!row.accountNumber && !row.iban)) return null;
  return { name: row.bankName ?? row.name, sortCode: row.sortCode, accountNumber: row.accountNumber, iban: row.iban, bic: row.bic };
}

/** price x quantity in minor units, as the item would be without the document's discount. */
function undiscountedMinor(price: string, quantity: string, currency: string): number {
  return new Decimal(price).times(quantity).times(new Decimal(10).pow(minorDigits(currency))).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber();
}

export function documentFacts(ctx: EngineContext, row: DocumentRow): DocumentFacts {
  const company = loadCompany(ctx);
  const contact = contactOf(ctx, row.contactId);
  const items = itemsOf(ctx, row.id);
  const project = row.showProjectName && row.projectId !== null ? ctx.db.select({ name: projects.name }).from(projects).where(eq(projects.id, row.projectId)).get() : undefined;
  const lines: DocumentLine[] = items.map((item) => ({
    description: item.description,
    comment: item.itemType === 'Comment',
    quantity: item.quantity,
    unit: item.itemType === '-no unit-' || item.itemType === 'Comment' ? '' : item.itemType,
    price: item.price,
    vatRate: item.salesTaxRate,
    vatStatus: item.salesTaxStatus,
    amountMinor: item.itemType === 'Comment' ? 0 : undiscountedMinor(item.price, item.quantity, row.currency),
  }));
  const byRate = new Map<string, { rate: string; netMinor: number; vatMinor: number }>();
  for (const item of items) {
    if (item.itemType === 'Comment' || item.salesTaxStatus === null) continue;
    const rate = item.salesTaxStatus === 'TAXABLE' ? `${new Decimal(item.salesTaxRate ?? '0').toString()}%` : item.salesTaxStatus === 'EXEMPT' ? 'Exempt' : 'Out of scope';
    const entry = byRate.get(rate) ?? { rate, netMinor: 0, vatMinor: 0 };
    entry.netMinor += item.netMinor;
    entry.vatMinor += item.salesTaxMinor;
    byRate.set(rate, entry);
  }
  const before = lines.reduce((sum, line) => sum + line.amountMinor, 0);
  const band = row.cisRate !== null ? CIS_BANDS.find((entry) => entry.name === row.cisRate) : undefined;
  const zeroRatedEc = row.ecStatus === 'EC Goods' || row.ecStatus === 'EC Services';
  return {
    // An estimate is titled as its customer was promised it: Estimate, Quote or Proposal.
    title: row.kind === 'estimate' ? (row.estimateType ?? TITLES.estimate) : TITLES[row.kind],
    buyerHeading: BUYER_HEADINGS[row.kind],
    totalIncludesVat: row.kind !== 'estimate' || row.includeSalesTaxOnTotalValue,
    reference: row.reference,
    datedOn: row.datedOn,
    dueOn: row.kind === 'invoice' ? row.dueOn : null,
    paymentTermsInDays: row.paymentTermsInDays,
    currency: row.currency,
    seller: {
      name: company.name,
      address: addressLines(company, 'United Kingdom'),
      vatNumber: company.vatRegistered ? company.vatRegistrationNumber : null,
      companyNumber: company.companyRegistrationNumber,
      show: !row.omitHeader,
    },
    legalNotice: companyLegalNotice(company.type, company.name, company.companyRegistrationNumber, addressLines(company, 'United Kingdom')),
    buyer: { name: contactName(contact), address: addressLines(contact, company.country || 'United Kingdom'), vatNumber: contact.salesTaxRegistrationNumber },
    projectName: project?.name ?? null,
    lines,
    discount: row.discountPercent !== null ? { percent: row.discountPercent, beforeMinor: before, minor: row.netMinor - before } : null,
    vatByRate: [...byRate.values()],
    netMinor: row.netMinor,
    vatMinor: row.salesTaxMinor,
    totalMinor: row.totalMinor,
    cis: band ? { label: band.deduction_description ?? 'CIS deduction', minor: -row.cisDeductionMinor } : null,
    bank: row.kind === 'invoice' ? payingAccount(ctx, row.currency) : null,
    comments: row.comments,
    vatNote: zeroRatedEc && row.salesTaxMinor === 0 ? (row.ecStatus === 'EC Services' ? 'Reverse charge: the customer accounts for the VAT on these services.' : 'Zero-rated intra-EC supply of goods.') : null,
  };
}
