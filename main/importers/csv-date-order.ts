import { dateOrderEvidence, resolveDate, type DateOrder, type DateShape } from './dates';

/**
 * Day/month order for a whole CSV file. A date that reads only one way (25/05/2017, 3/18/2016)
 * settles it for every row. Without one, weaker evidence is used and said so in a warning: amounts
 * with a decimal comma come from day-first countries, and statement rows run in date order, so an
 * order under which they do while the other scrambles them is the likely one. Failing all that the
 * user must choose: guessing wrong would silently swap days and months.
 */

export type DateOrderDecision =
  | { order: DateOrder; warning?: string }
  | { problem: string; suggestion: DateOrder };

export function decideDateOrder(shapes: DateShape[], decimalComma: boolean): DateOrderDecision {
  if (shapes.every((shape) => shape.kind === 'exact')) return { order: 'ymd' };
  const evidence = dateOrderEvidence(shapes);
  if (evidence.contradictory) {
    return { problem: 'The dates mix day-first and month-first styles (some have a day above 12 first, others second): pass dateOrder.', suggestion: 'dmy' };
  }
  if (evidence.decided) return { order: evidence.decided };
  // 01/01/2024 reads the same either way.
  if (!evidence.ambiguous) return { order: 'dmy' };
  if (decimalComma) {
    return { order: 'dmy', warning: 'No date settles whether days or months come first; day first was assumed because the amounts use a decimal comma.' };
  }
  const sortedOrders = (['dmy', 'mdy'] as const).filter((order) => runsInOrder(shapes, order));
  if (sortedOrders.length === 1) {
    const order = sortedOrders[0];
    return { order, warning: `No date settles whether days or months come first; ${order === 'dmy' ? 'day' : 'month'} first was assumed because the rows are then in date order.` };
  }
  return { problem: 'date order is ambiguous: pass dateOrder (no date in the file has a day above 12, so 03/04 could be 3 April or March 4).', suggestion: 'dmy' };
}

/** Whether the dates, read in `order`, are all valid and ascend or descend through the file (three or more distinct dates). */
function runsInOrder(shapes: DateShape[], order: DateOrder): boolean {
  const dates: string[] = [];
  for (const shape of shapes) {
    const date = resolveDate(shape, order);
    if (!date) return false;
    dates.push(date);
  }
  if (new Set(dates).size < 3) return false;
  let ascending = true;
  let descending = true;
  for (let i = 1; i < dates.length; i++) {
    if (dates[i] < dates[i - 1]) ascending = false;
    if (dates[i] > dates[i - 1]) descending = false;
  }
  return ascending || descending;
}
