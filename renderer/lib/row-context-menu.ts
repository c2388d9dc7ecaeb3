/**
 * Right-click on a table row in the desktop app: a row that lists its commands in
 * `data-row-commands` (space-separated: explain, open, delete) gets the native context menu, and
 * the command chosen arrives on the row as a `ledgerdesk:row-command` event (`detail.command`), which
 * the section handles as it does the same key. In browser mode there is no native menu: the browser's
 * own stays, and the keys (E, Enter, Delete) do the same.
 */
export const ROW_COMMAND_EVENT = 'ledgerdesk:row-command';

/** The commands a row may offer, as main's row menu knows them (main/shell/menu.ts ROW_COMMANDS). */
export const ROW_COMMANDS = ['explain', 'open', 'delete'] as const;
export type RowCommand = (typeof ROW_COMMANDS)[number];

export function listenForRowMenus(target: Window = window): () => void {
  const bridge = target.ledgerdesk;
  if (!bridge?.contextMenu) return () => undefined;
  const ask = bridge.contextMenu;
  const oncontextmenu = (event: MouseEvent) => {
    const row = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-row-commands]') : null;
    if (!row) return;
    const commands = (row.dataset.rowCommands ?? '').split(/\s+/).filter(Boolean);
    if (commands.length === 0) return;
    event.preventDefault();
    void ask(commands).then((command) => {
      if (command) row.dispatchEvent(new CustomEvent(ROW_COMMAND_EVENT, { bubbles: true, detail: { command } }));
    });
  };
  target.addEventListener('contextmenu', oncontextmenu);
  return () => target.removeEventListener('contextmenu', oncontextmenu);
}
