import { describe, expect, it } from 'vitest';
import { statusWords } from '../../renderer/sections/invoices/document-status';

describe('a sales document status in the desk', () => {
  it('never calls a credit note overdue', () => {
    expect(statusWords({ status: 'Overdue', long_status: 'Overdue - 12 days overdue' }, 'credit_note')).toBe('Open');
    expect(statusWords({ status: 'Open', long_status: 'Open - due in 5 days' }, 'credit_note')).toBe('Open - due in 5 days');
  });

  it('says an invoice is overdue as the engine does', () => {
    expect(statusWords({ status: 'Overdue', long_status: 'Overdue - 12 days overdue' }, 'invoice')).toBe('Overdue - 12 days overdue');
    expect(statusWords({ status: 'Draft', long_status: '' }, 'invoice')).toBe('Draft');
  });
});
