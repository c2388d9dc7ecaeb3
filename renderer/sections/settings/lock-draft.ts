/**
 * The draft of a lock date typed in Settings › Account locks: which editor it belongs to, and the one
 * record it is kept under (a book has one user lock). SettingsView opens the tab from it.
 */
export const LOCK_DATE_DRAFT = 'account_lock';

/** The user lock's own address in the engine (`PUT /v2/account_locks`). */
export const LOCK_DATE_RECORD = '/v2/account_locks';
