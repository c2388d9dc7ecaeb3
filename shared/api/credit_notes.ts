export { creditNoteSchema, CREDIT_NOTE_VIEWS } from './invoices';
