import { CREDIT_NOTE_VIEWS, creditNoteSchema } from '../../../shared/api/credit_notes';
import type { Route } from '../route';
import { documentRoutes } from '../sales/document-routes';

/** /v2/credit_notes: the mirror of invoices, with negative values, refunded rather than paid. */
export const creditNoteRoutes: Route[] = documentRoutes('credit_note', creditNoteSchema, CREDIT_NOTE_VIEWS);
