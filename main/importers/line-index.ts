/**
 * Turns character offsets into 1-based line numbers for messages and StatementLine.line. Line
 * starts are found once per file; each lookup is a binary search. A lone CR counts as a line end
 * too, since classic Mac exports still turn up.
 */
export class LineIndex {
  private starts: number[] | null = null;

  constructor(private readonly text: string) {}

  lineAt(offset: number): number {
    const starts = (this.starts ??= lineStarts(this.text));
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle] <= offset) low = middle;
      else high = middle - 1;
    }
    return low + 1;
  }
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 10) starts.push(i + 1);
    else if (code === 13 && text.charCodeAt(i + 1) !== 10) starts.push(i + 1);
  }
  return starts;
}
