import type { Locator, Page } from 'playwright-core';

/**
 * What a screenshot of a screen is for, measured in the page so a test can assert it: nothing cut
 * off at the window's edge, no text spilling out of its box, and text that can be read against what
 * is behind it. The screenshots themselves are pictures for a person to look at; nothing compares them.
 */

/** Elements a person reads or uses; their boxes are what "cut off" and "overflowing" are about. */
const READ_OR_USED = 'button, a[href], input, select, textarea, label, h1, h2, h3, h4, p, dt, dd, th, td, [role=gridcell], [role=columnheader], [role=status], [role=alert], [role=tab]';

/**
 * Sentences naming each visible element whose box leaves the window sideways (outside anything that
 * scrolls sideways), or whose own text runs past its box without an ellipsis. Empty when all is well.
 */
export async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate((selector) => {
    const problems: string[] = [];
    const name = (element: Element) => {
      const text = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''} "${text}"`;
    };
    const scrollsSideways = (element: Element) => {
      for (let at = element.parentElement; at && at !== document.documentElement; at = at.parentElement) {
        if (/auto|scroll/.test(getComputedStyle(at).overflowX)) return true;
      }
      return false;
    };
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      const style = getComputedStyle(element);
      const box = element.getBoundingClientRect();
      if (style.visibility === 'hidden' || box.width === 0 || box.height === 0) continue;
      // A visually hidden label (1px, clipped) is for screen readers, not for the eye.
      if (box.width <= 1 || box.height <= 1) continue;
      if ((box.left < -1 || box.right > window.innerWidth + 1) && !scrollsSideways(element)) {
        problems.push(`${name(element)} is cut off at the window's edge (${Math.round(box.left)}..${Math.round(box.right)} of ${window.innerWidth})`);
      }
      const ownText = [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim() !== '');
      const fieldOrInline = /^(INPUT|SELECT|TEXTAREA)$/.test(element.tagName) || style.display === 'inline';
      if (ownText && !fieldOrInline && element.scrollWidth > element.clientWidth + 1 && style.textOverflow !== 'ellipsis') {
        problems.push(`${name(element)} has text running out of its box (${element.scrollWidth}px in ${element.clientWidth}px)`);
      }
    }
    return problems;
  }, READ_OR_USED);
}

/**
 * WCAG contrast ratio of an element's text against the colour behind it, both composited as painted
 * (translucent backgrounds laid over their ancestors'). Colours are read through a canvas, so any
 * CSS colour syntax the page uses is understood.
 */
export async function contrastOf(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const canvas = document.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    const context = canvas.getContext('2d', { willReadFrequently: true })!;
    const rgba = (css: string): [number, number, number, number] => {
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = css;
      context.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = context.getImageData(0, 0, 1, 1).data;
      return [r!, g!, b!, a! / 255];
    };
    const over = (top: [number, number, number, number], below: [number, number, number]): [number, number, number] =>
      [0, 1, 2].map((i) => top[i]! * top[3] + below[i]! * (1 - top[3])) as [number, number, number];

    const layers: [number, number, number, number][] = [];
    for (let at: Element | null = element; at; at = at.parentElement) layers.push(rgba(getComputedStyle(at).backgroundColor));
    // The canvas under the page: the scheme's own (dark when the page asks for it) where nothing is painted.
    const scheme = getComputedStyle(document.documentElement).colorScheme;
    let behind: [number, number, number] = scheme.includes('dark') && matchMedia('(prefers-color-scheme: dark)').matches ? [0, 0, 0] : [255, 255, 255];
    for (const layer of layers.reverse()) behind = over(layer, behind);
    const text = over(rgba(getComputedStyle(element).color), behind);

    const luminance = ([r, g, b]: [number, number, number]) => {
      const linear = (channel: number) => {
        const c = channel / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
    };
    const [light, dark] = [luminance(text), luminance(behind)].sort((a, b) => b - a);
    return (light! + 0.05) / (dark! + 0.05);
  });
}

/** Relative luminance (0 black .. 1 white) of what is painted behind the page's body. */
export async function pageLuminance(page: Page): Promise<number> {
  return page.evaluate(() => {
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('2d', { willReadFrequently: true })!;
    const painted = [document.body, document.documentElement].map((element) => getComputedStyle(element).backgroundColor).find((css) => {
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = css;
      context.fillRect(0, 0, 1, 1);
      return context.getImageData(0, 0, 1, 1).data[3]! > 0;
    });
    context.clearRect(0, 0, 1, 1);
    context.fillStyle = painted ?? 'white';
    context.fillRect(0, 0, 1, 1);
    const [r, g, b] = context.getImageData(0, 0, 1, 1).data;
    const linear = (channel: number) => {
      const c = channel / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * linear(r!) + 0.7152 * linear(g!) + 0.0722 * linear(b!);
  });
}
