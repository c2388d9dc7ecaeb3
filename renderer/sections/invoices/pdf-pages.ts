/**
 * Draws each page of a PDF onto its own canvas inside `target`, returning the page count. pdf.js is
 * imported on first use so the desk does not carry it until someone previews a document; eval is
 * off (the desk's CSP forbids it) and the worker is the package's own, bundled by Vite as a plain
 * .js worker of the app (served as JavaScript by every door, unlike a bare .mjs file).
 */
import PdfWorker from 'pdfjs-dist/build/pdf.worker.min.mjs?worker';

let worker: Worker | null = null;

const WIDTH = 700;

export async function drawPdfPages(bytes: Uint8Array, target: HTMLElement): Promise<number> {
  const pdfjs = await import('pdfjs-dist');
  worker ??= new PdfWorker();
  pdfjs.GlobalWorkerOptions.workerPort = worker;
  // pdf.js takes ownership of the buffer it is given, so it gets a copy.
  const pdf = await pdfjs.getDocument({ data: bytes.slice(), isEvalSupported: false }).promise;
  target.replaceChildren();
  for (let number = 1; number <= pdf.numPages; number++) {
    const page = await pdf.getPage(number);
    const scale = WIDTH / page.getViewport({ scale: 1 }).width;
    const ratio = window.devicePixelRatio || 1;
    const viewport = page.getViewport({ scale: scale * ratio });
    const canvas = document.createElement('canvas');
    canvas.width = Math.floor(viewport.width);
    canvas.height = Math.floor(viewport.height);
    canvas.style.width = `${Math.floor(viewport.width / ratio)}px`;
    canvas.setAttribute('role', 'img');
    canvas.setAttribute('aria-label', `Page ${number} of ${pdf.numPages}`);
    target.append(canvas);
    await page.render({ canvasContext: canvas.getContext('2d')!, viewport }).promise;
  }
  const count = pdf.numPages;
  await pdf.destroy();
  return count;
}
