/**
 * The writes free to go, smallest position (in the preferred order) first: a binary heap, because a
 * set may hold tens of thousands of rows (a reconciliation's lines) and re-sorting them after each
 * write that frees another would be quadratic.
 */
export class ReadyQueue {
  private readonly heap: number[] = [];

  push(position: number): void {
    const heap = this.heap;
    heap.push(position);
    let child = heap.length - 1;
    while (child > 0) {
      const parent = (child - 1) >> 1;
      if (heap[parent]! <= heap[child]!) break;
      [heap[parent], heap[child]] = [heap[child]!, heap[parent]!];
      child = parent;
    }
  }

  /** The smallest position, or undefined when nothing is free to go. */
  pop(): number | undefined {
    const heap = this.heap;
    const top = heap[0];
    const last = heap.pop();
    if (heap.length === 0 || last === undefined) return top;
    heap[0] = last;
    let parent = 0;
    for (;;) {
      const left = parent * 2 + 1;
      const right = left + 1;
      let smallest = parent;
      if (left < heap.length && heap[left]! < heap[smallest]!) smallest = left;
      if (right < heap.length && heap[right]! < heap[smallest]!) smallest = right;
      if (smallest === parent) return top;
      [heap[parent], heap[smallest]] = [heap[smallest]!, heap[parent]!];
      parent = smallest;
    }
  }
}
