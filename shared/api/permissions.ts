/** permission_level values of spec 2.3; each level includes everything below it. */
export const Level = {
  NoAccess: 0,
  Time: 1,
  MyMoney: 2,
  ContactsAndProjects: 3,
  InvoicesEstimatesAndFiles: 4,
  Bills: 5,
  Banking: 6,
  TaxAccountingAndUsers: 7,
  Full: 8,
} as const;

export type PermissionLevel = (typeof Level)[keyof typeof Level];

export const LEVEL_NAMES: Readonly<Record<PermissionLevel, string>> = {
  0: 'No Access',
  1: 'Time',
  2: 'My Money',
  3: 'Contacts & Projects',
  4: 'Invoices, Estimates & Files',
  5: 'Bills',
  6: 'Banking',
  7: 'Tax, Accounting & Users',
  8: 'Full',
};

export const isPermissionLevel = (value: unknown): value is PermissionLevel =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 8;
