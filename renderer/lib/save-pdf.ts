/**
 * Hands a PDF to the person: a download in browser mode; in the desktop the shell's download
 * handling asks where to save it (a file dialog).
 */
export function savePdf(bytes: Uint8Array, fileName: string): void {
  const url = URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the download a moment to start before the blob goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
