/**
 * Gives `wanted - sum(values)` to the value largest in size (the first of equals), so the values add
 * up to what is wanted. Used where a document's total is converted whole and its lines one by one: the
 * pennies the lines' rounding loses or gains go where they distort least. Changes `values` in place.
 */
export function absorbDifference(values: number[], wanted: number): void {
  const difference = wanted - values.reduce((sum, value) => sum + value, 0);
  if (difference === 0 || values.length === 0) return;
  let at = 0;
  values.forEach((value, index) => {
    if (Math.abs(value) > Math.abs(values[at]!)) at = index;
  });
  values[at]! += difference;
}
