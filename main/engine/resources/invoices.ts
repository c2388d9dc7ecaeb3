import { INVOICE_VIEWS, invoiceSchema } from '../../../shared/api/invoices';
import type { Route } from '../route';
import { documentRoutes } from '../sales/document-routes';

/** /v2/invoices: sales invoices, their items and their transitions (mark_as_sent, _draft, _cancelled). */
export const invoiceRoutes: Route[] = documentRoutes('invoice', invoiceSchema, INVOICE_VIEWS);
