import type { CompanyUpdate } from '../../shared/api/company';
import { FRS_TABLE_STARTS_ON } from '../../shared/vat-flat-rates';
import type { VatBasis, VatSchemeChange } from '../../shared/vat-schemes';
import type { CompanyRow } from './company-record';
import { storeInitialFrsSector, storeVatSchemeChanges } from './company-settings';
import type { EngineContext } from './context';
import { unprocessable } from './errors';
import { filedVatReturnEnds } from './ledger/locks';
import { vatPeriods, type VatRegistration } from './reports/vat-periods';
import { vatSchemeHistory, type VatSchemeHistory } from './vat-scheme';

/** The schemes as they will be after the update: the stored ones with the sent fields laid over them. */
function mergeScheme(current: VatSchemeHistory, input: CompanyUpdate): VatSchemeHistory {
  const basis: VatBasis = input.initial_vat_basis ?? current.initial.basis;
  const sector = input.initial_vat_frs_type === undefined ? current.initial.frsSector : input.initial_vat_frs_type;
  const onFrs = input.initially_on_frs ?? (input.initial_vat_frs_type !== undefined ? input.initial_vat_frs_type !== null : current.initial.frsSector !== null);
  if (onFrs && !sector) throw unprocessable('initial_vat_frs_type is required on the flat rate scheme: choose the sector HMRC agreed (VAT Notice 733)');
  const changes = (input.vat_scheme_changes ?? current.changes).map((change) => ({ ...change, frs_type: change.on_frs ? (change.frs_type ?? null) : null }));
  return { initial: { basis, frsSector: onFrs ? sector! : null }, changes };
}

function checkChanges(history: VatSchemeHistory, registeredOn: string | null): void {
  if (history.initial.frsSector !== null && registeredOn !== null && registeredOn < FRS_TABLE_STARTS_ON) {
    throw unprocessable(`initially_on_frs can be true only from ${FRS_TABLE_STARTS_ON}: Ledgerdesk holds HMRC's flat rates from then`);
  }
  let previous = registeredOn ?? '0000-01-01';
  history.changes.forEach((change, index) => {
    const field = `vat_scheme_changes[${index}]`;
    if (change.starts_on <= previous) throw unprocessable(`${field}.starts_on must be after ${previous} (the registration date and earlier changes come first, in date order)`);
    if (change.on_frs && !change.frs_type) throw unprocessable(`${field}.frs_type is required when on_frs is true`);
    if (change.on_frs && change.starts_on < FRS_TABLE_STARTS_ON) throw unprocessable(`${field}.starts_on must be on or after ${FRS_TABLE_STARTS_ON} for the flat rate scheme`);
    previous = change.starts_on;
  });
}

/**
 * A change of VAT accounting basis (to cash accounting or back to the invoice basis) starts on the first
 * day of a VAT period: a business may begin cash accounting only from the beginning of a prescribed
 * accounting period (VAT Regulations 1995 regulation 58(1); HMRC manual VCAS2100; gov.uk "VAT Cash
 * Accounting Scheme: join or leave the scheme": "You join at the beginning of a VAT accounting
 * period", and leave "at the end of a VAT accounting period"). A return is never split between the two
 * bases. A change of the flat rate scheme alone may fall on any day. Only the changes this update adds
 * or moves are checked, so a book holding an older change can still save its other fields.
 */
function checkBasisChangesStartPeriods(before: VatSchemeHistory, after: VatSchemeHistory, registration: VatRegistration): void {
  const latest = after.changes.at(-1)?.starts_on;
  if (latest === undefined || !registration.vatRegistered) return;
  const periodStarts = new Set(vatPeriods(registration, latest).map((period) => period.startsOn));
  let basis = after.initial.basis;
  after.changes.forEach((change, index) => {
    const moved = !before.changes.some((other) => sameChange(change, other));
    if (moved && change.vat_basis !== basis && !periodStarts.has(change.starts_on)) {
      const joining = change.vat_basis === 'Cash';
      throw unprocessable(
        `vat_scheme_changes[${index}].starts_on must be the first day of a VAT period when the accounting basis changes: ${joining ? 'cash accounting can begin only at the start of a VAT period' : 'a business leaves cash accounting at the end of a VAT period'} (VAT Regulations 1995 regulation 58; VAT Notice 731)`,
      );
    }
    basis = change.vat_basis;
  });
}

const sameChange = (a: VatSchemeChange, b: VatSchemeChange) => a.starts_on === b.starts_on && a.vat_basis === b.vat_basis && a.on_frs === b.on_frs && (a.frs_type ?? null) === (b.frs_type ?? null);

/** The first day whose scheme the update moves, or null when it moves none. */
function firstMovedDay(before: VatSchemeHistory, after: VatSchemeHistory, registeredOn: string): string | null {
  if (before.initial.basis !== after.initial.basis || before.initial.frsSector !== after.initial.frsSector) return registeredOn;
  const moved = [...before.changes.filter((change) => !after.changes.some((other) => sameChange(change, other))), ...after.changes.filter((change) => !before.changes.some((other) => sameChange(change, other)))];
  return moved.map((change) => change.starts_on).sort()[0] ?? null;
}

/**
 * Checks the VAT schemes the update sends and stores them with the request's other writes: the basis
 * in the company row (the caller's), the flat rate and the changes in book settings. A filed return
 * fixes the schemes of its days, as it fixes the registration.
 */
export function updateVatScheme(ctx: EngineContext, current: CompanyRow, input: CompanyUpdate, registration: VatRegistration): VatBasis {
  const registeredOn = registration.vatRegistered ? registration.salesTaxEffectiveDate : null;
  const before = vatSchemeHistory(ctx, current);
  const after = mergeScheme(before, input);
  checkChanges(after, registeredOn);
  const moved = firstMovedDay(before, after, registeredOn ?? '0000-01-01');
  const filed = filedVatReturnEnds(ctx)[0];
  if (moved !== null && filed !== undefined && moved <= filed) {
    throw unprocessable(`The VAT scheme from ${moved} cannot change: the VAT return for the period ending ${filed} has been filed (mark the returns as unfiled first)`);
  }
  checkBasisChangesStartPeriods(before, after, registration);
  storeInitialFrsSector(ctx.db, after.initial.frsSector);
  storeVatSchemeChanges(ctx.db, after.changes.length > 0 ? JSON.stringify(after.changes) : null);
  return after.initial.basis;
}
