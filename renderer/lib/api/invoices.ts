/**
 * Typed calls for /v2/invoices: the names other screens use (the register's "payment of an
 * invoice", the Invoices list), built on the calls shared with credit notes.
 */
import type { ApiResult } from '../api';
import {
  countDocuments,
  createDocument,
  documentPdf,
  getDocument,
  listDocuments,
  transitionDocument,
  updateDocument,
  type DocumentFields,
  type DocumentFilter,
  type DocumentItem,
  type DocumentItemFields,
  type DocumentTransition,
  type SalesDocument,
} from './sales_documents';

export { deleteDocument as deleteInvoice, documentItemSchema as invoiceItemSchema, DOCUMENT_PAGE_SIZE as INVOICE_PAGE_SIZE } from './sales_documents';
export type Invoice = SalesDocument;
export type InvoiceItem = DocumentItem;
export type InvoiceItemFields = DocumentItemFields;
export type InvoiceFields = DocumentFields;
export type InvoiceTransition = DocumentTransition;

/** The engine's list views (api-notes: invoices). */
export type InvoiceView = 'all' | 'draft' | 'open' | 'overdue' | 'open_or_overdue' | 'paid' | 'cancelled';

export const listInvoices = (view: InvoiceView, filter: DocumentFilter = {}): Promise<ApiResult<Invoice[]>> => listDocuments('invoice', view, filter);
export const countInvoices = (view: InvoiceView): Promise<ApiResult<number>> => countDocuments('invoice', view);
export const getInvoice = (url: string): Promise<ApiResult<Invoice>> => getDocument(url);
export const createInvoice = (fields: InvoiceFields): Promise<ApiResult<Invoice>> => createDocument('invoice', fields);
export const updateInvoice = (url: string, fields: InvoiceFields): Promise<ApiResult<Invoice>> => updateDocument(url, fields);
export const transitionInvoice = (url: string, transition: InvoiceTransition): Promise<ApiResult<Invoice>> => transitionDocument(url, transition);
export const invoicePdf = (url: string): Promise<ApiResult<Uint8Array>> => documentPdf(url);
