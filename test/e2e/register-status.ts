import type { Locator } from 'playwright-core';

/**
 * The Status cell of a register row, found under its column heading: the register adds an
 * "Explained as" column after Status when it is wide and drops it when the explain panel narrows it,
 * so the last cell is not always the status.
 */
export async function statusCell(grid: Locator, row: Locator): Promise<string | undefined> {
  const headings = (await grid.locator('[role=columnheader]').allTextContents()).map((text) => text.trim());
  const column = headings.indexOf('Status');
  const cells = await row.locator('[role=gridcell]').allTextContents();
  return (column >= 0 ? cells[column] : cells.at(-1))?.trim();
}
