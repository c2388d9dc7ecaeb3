import type { AnyRoute } from '../route';
import { bookFileRoutes } from './book_file';
import { bookChangeRoutes } from './book_changes';
import { accountingTransactionRoutes } from './accounting_transactions';
import { accountLockRoutes } from './account_locks';
import { journalSetRoutes } from './journal_sets';
import { attachmentRoutes } from './attachments';
import { bankAccountRoutes } from './bank_accounts';
import { explanationRoutes } from './bank_transaction_explanations';
import { bankTransactionRoutes } from './bank_transactions';
import { bankRuleRoutes } from './bank_rules';
import { suggestionRoutes } from './bank_transaction_suggestions';
import { billRoutes } from './bills';
import { bankFeedRoutes } from './bank_feeds';
import { capitalAssetRoutes } from './capital_assets';
import { capitalAssetTypeRoutes } from './capital_asset_types';
import { categoryRoutes } from './categories';
import { cisBandRoutes } from './cis_bands';
import { companyRoutes } from './company';
import { ecMossRoutes } from './ec_moss';
import { expenseRoutes } from './expenses';
import { propertyRoutes } from './properties';
import { contactRoutes } from './contacts';
import { creditNoteReconciliationRoutes } from './credit_note_reconciliations';
import { creditNoteRoutes } from './credit_notes';
import { estimateRoutes } from './estimates';
import { invoiceRoutes } from './invoices';
import { noteRoutes } from './notes';
import { projectRoutes } from './projects';
import { recurringInvoiceRoutes } from './recurring_invoices';
import { registerRoutes } from './registry';
import { statementUploadRoutes } from './statement_uploads';
import { userRoutes } from './users';
import { draftRoutes } from './drafts';
import { cashflowRoutes } from './cashflow';
import { reportPdfRoutes } from './reports';
import { profitAndLossRoutes } from './profit_and_loss';
import { balanceSheetRoutes } from './balance_sheet';
import { agedBalanceRoutes } from './aged_balances';
import { vatReturnFilingRoutes } from './vat_return_filing';
import { vatReturnRoutes } from './vat_returns';
import { selfAssessmentReturnRoutes } from './self_assessment_returns';
import { changeSetRoutes } from './change_sets';
import { bankReconciliationRoutes } from './bank_reconciliations';

/** Every /v2 endpoint, one module per path segment. */
export function allRoutes(): AnyRoute[] {
  return registerRoutes([companyRoutes, userRoutes, bankAccountRoutes, categoryRoutes, capitalAssetTypeRoutes, capitalAssetRoutes, propertyRoutes, bankFeedRoutes, cisBandRoutes, ecMossRoutes, bankTransactionRoutes, suggestionRoutes, bankRuleRoutes, explanationRoutes, attachmentRoutes, accountingTransactionRoutes, accountLockRoutes, journalSetRoutes, statementUploadRoutes, expenseRoutes, billRoutes, profitAndLossRoutes, balanceSheetRoutes, agedBalanceRoutes, cashflowRoutes, reportPdfRoutes, vatReturnRoutes, selfAssessmentReturnRoutes, contactRoutes, projectRoutes, noteRoutes, invoiceRoutes, estimateRoutes, creditNoteRoutes, creditNoteReconciliationRoutes, recurringInvoiceRoutes, changeSetRoutes, bookFileRoutes, bookChangeRoutes, vatReturnFilingRoutes, draftRoutes, bankReconciliationRoutes]);
}
