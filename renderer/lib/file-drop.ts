/**
 * `use:fileDrop={onfiles}`: files dropped on an element (a panel, a form) go to it, not to the
 * window's statement import behind it. While files are dragged over, the element carries
 * data-dragging so it can show where they will land. Drags without files are left alone.
 */
export function fileDrop(node: HTMLElement, onfiles: (files: File[]) => void) {
  let handler = onfiles;
  let depth = 0;
  const carriesFiles = (event: DragEvent) => event.dataTransfer?.types.includes('Files') ?? false;
  const show = () => (depth > 0 ? node.setAttribute('data-dragging', '') : node.removeAttribute('data-dragging'));

  function enter(event: DragEvent) {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    event.stopPropagation();
    depth += 1;
    show();
  }
  function over(event: DragEvent) {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    event.stopPropagation();
    if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
  }
  function leave(event: DragEvent) {
    if (!carriesFiles(event)) return;
    event.stopPropagation();
    depth = Math.max(0, depth - 1);
    show();
  }
  function drop(event: DragEvent) {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    event.stopPropagation();
    depth = 0;
    show();
    const files = [...(event.dataTransfer?.files ?? [])];
    if (files.length > 0) handler(files);
  }

  node.addEventListener('dragenter', enter);
  node.addEventListener('dragover', over);
  node.addEventListener('dragleave', leave);
  node.addEventListener('drop', drop);
  return {
    update(next: (files: File[]) => void) {
      handler = next;
    },
    destroy() {
      node.removeEventListener('dragenter', enter);
      node.removeEventListener('dragover', over);
      node.removeEventListener('dragleave', leave);
      node.removeEventListener('drop', drop);
    },
  };
}
