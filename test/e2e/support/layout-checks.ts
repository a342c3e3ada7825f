import type { Page } from 'playwright-core';

export interface LayoutOffender {
  /** 'wider than the viewport' or 'hides a column behind a sideways scroll'. */
  problem: string;
  selector: string;
  /** How far past the viewport (or past the scroller's own width) it reaches, in CSS pixels. */
  overflowPx: number;
}

/**
 * What a member on this width cannot see: (a) any element whose box reaches past the viewport's left
 * or right edge, unless a scrolling or clipping box inside the viewport holds it, or it is visually
 * hidden (`.visually-hidden`, clipped to nothing); (b) any sideways scroller with a table in it whose
 * content is wider than the scroller, so a column sits behind a scroll that may never be noticed.
 * Only the outermost offending element is named: its children reach out only because it does.
 *
 * Content read as a whole, such as a bracket, may scroll sideways on a phone (cut into cards it would
 * stop reading as a diagram), but only if it says so: (c) a scroller whose content is wider than it
 * must take keyboard focus, have a name and be described by a hint the member can see (the web's
 * SideScroller). With `desktop` set, (d) no scroller may be wider than its box at all: at 1280 px
 * every round of the demo's brackets (8 players) fits.
 */
export function layoutOffenders(page: Page, { desktop = false } = {}): Promise<LayoutOffender[]> {
  return page.evaluate((desktop) => {
    const viewportWidth = document.documentElement.clientWidth;
    const selectorOf = (element: Element): string => {
      const parts: string[] = [];
      for (let node: Element | null = element; node && node !== document.body; node = node.parentElement) {
        let part = node.tagName.toLowerCase();
        if (node.id) {
          parts.unshift(`${part}#${node.id}`);
          break;
        }
        const classes = [...node.classList].slice(0, 2);
        if (classes.length > 0) part += `.${classes.join('.')}`;
        const parent = node.parentElement;
        if (parent) {
          const same = [...parent.children].filter((child) => child.tagName === node?.tagName);
          if (same.length > 1) part += `:nth-of-type(${same.indexOf(node) + 1})`;
        }
        parts.unshift(part);
        if (parts.length === 4) break;
      }
      return parts.join(' > ');
    };
    const visuallyHidden = (element: Element): boolean => {
      for (let node: Element | null = element; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.visibility === 'hidden' || style.display === 'none') return true;
        if (style.clip === 'rect(0px, 0px, 0px, 0px)' || style.clipPath === 'inset(50%)') return true;
        const box = node.getBoundingClientRect();
        if (style.position === 'absolute' && box.width <= 1 && box.height <= 1) return true;
      }
      return false;
    };
    const heldInside = (element: Element): boolean => {
      for (
        let node = element.parentElement;
        node && node !== document.documentElement;
        node = node.parentElement
      ) {
        if (getComputedStyle(node).overflowX === 'visible') continue;
        const box = node.getBoundingClientRect();
        if (box.left >= -1 && box.right <= viewportWidth + 1) return true;
      }
      return false;
    };
    const offenders: { problem: string; selector: string; overflowPx: number }[] = [];
    const wide = new Set<Element>();
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const past = Math.max(box.right - viewportWidth, -box.left);
      if (past <= 1 || heldInside(element) || visuallyHidden(element)) continue;
      wide.add(element);
      if (element.parentElement && wide.has(element.parentElement)) continue;
      offenders.push({
        problem: 'wider than the viewport',
        selector: selectorOf(element),
        overflowPx: Math.round(past),
      });
    }
    const saysItScrolls = (element: Element): boolean => {
      const hint = document.getElementById(element.getAttribute('aria-describedby') ?? '');
      const named = element.hasAttribute('aria-label') || element.hasAttribute('aria-labelledby');
      const focusable = element instanceof HTMLElement && element.tabIndex >= 0;
      return named && focusable && hint !== null && !visuallyHidden(hint) && hint.getClientRects().length > 0;
    };
    for (const element of document.body.querySelectorAll('*')) {
      const overflowX = getComputedStyle(element).overflowX;
      if (overflowX !== 'auto' && overflowX !== 'scroll') continue;
      const overflowPx = element.scrollWidth - element.clientWidth;
      if (overflowPx <= 1 || visuallyHidden(element)) continue;
      const selector = selectorOf(element);
      if (element.querySelector('table')) {
        offenders.push({ problem: 'hides a column behind a sideways scroll', selector, overflowPx });
      } else if (desktop) {
        offenders.push({ problem: 'scrolls sideways at desktop width', selector, overflowPx });
      } else if (!saysItScrolls(element)) {
        offenders.push({ problem: 'scrolls sideways without saying so', selector, overflowPx });
      }
    }
    return offenders;
  }, desktop);
}
