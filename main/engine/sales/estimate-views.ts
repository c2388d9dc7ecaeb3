/** SQL for an estimate list view; alias names the invoices row, @today is the engine's date. */
export function estimateViewSql(view: string, alias: string): string {
  switch (view) {
    case 'draft':
    case 'sent':
    case 'approved':
    case 'rejected':
    case 'invoiced':
      return `${alias}.status = '${view[0]!.toUpperCase()}${view.slice(1)}'`;
    case 'non_draft':
      return `${alias}.status <> 'Draft'`;
    // Recent: dated in the last three months (api-notes: Estimates).
    case 'recent':
      return `${alias}.dated_on >= date(@today, '-3 months')`;
    default:
      return '1';
  }
}
