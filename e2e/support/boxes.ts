import type { Locator } from 'playwright-core';

/**
 * What collides inside `container`: `a × b` for two named parts whose boxes
 * overlap by more than a pixel, `a outside` for a part sticking out of the
 * container (cut off by it). A part is the first element its selector finds
 * that is drawn: not missing, not zero-sized, not transparent, not in an
 * aria-hidden subtree (a carousel's other slides).
 */
export const collisions = (container: Locator, parts: Record<string, string>): Promise<string[]> =>
  container.evaluate((root, parts) => {
    const drawn = (element: Element) => {
      const rect = element.getBoundingClientRect();
      return (
        rect.width > 0 &&
        rect.height > 0 &&
        Number(getComputedStyle(element).opacity) > 0 &&
        !element.closest('[aria-hidden="true"]')
      );
    };
    const outer = root.getBoundingClientRect();
    const shown: { name: string; rect: DOMRect }[] = [];
    for (const [name, selector] of Object.entries(parts)) {
      const element = [...root.querySelectorAll(selector)].find(drawn);
      if (element) shown.push({ name, rect: element.getBoundingClientRect() });
    }
    const found: string[] = [];
    for (const { name, rect } of shown) {
      if (
        rect.left < outer.left - 1 ||
        rect.right > outer.right + 1 ||
        rect.top < outer.top - 1 ||
        rect.bottom > outer.bottom + 1
      )
        found.push(`${name} outside`);
    }
    shown.forEach((a, index) => {
      for (const b of shown.slice(index + 1)) {
        const apart =
          a.rect.right <= b.rect.left + 1 ||
          b.rect.right <= a.rect.left + 1 ||
          a.rect.bottom <= b.rect.top + 1 ||
          b.rect.bottom <= a.rect.top + 1;
        if (!apart) found.push(`${a.name} × ${b.name}`);
      }
    });
    return found;
  }, parts);

/** How many lines each element's text takes (its text boxes' distinct tops). */
export const lineCounts = (elements: Locator): Promise<number[]> =>
  elements.evaluateAll((list) =>
    list.map((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      const tops = [...range.getClientRects()]
        .filter((rect) => rect.width > 0)
        .map((rect) => Math.round(rect.top));
      return new Set(tops).size;
    }),
  );

/**
 * Empty fields inside `container` whose placeholder is wider than their text
 * box (the browser cuts it): `id: needed/available px`.
 */
export const cutPlaceholders = (container: Locator): Promise<string[]> =>
  container.evaluate((root) => {
    const context = document.createElement('canvas').getContext('2d');
    if (!context) return ['no canvas'];
    const cut: string[] = [];
    for (const input of root.querySelectorAll<HTMLInputElement>('input[placeholder]')) {
      if (input.value || input.getClientRects().length === 0) continue;
      const style = getComputedStyle(input);
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const needed = context.measureText(input.placeholder).width;
      const available =
        input.clientWidth -
        Number.parseFloat(style.paddingLeft) -
        Number.parseFloat(style.paddingRight);
      if (needed > available + 0.5)
        cut.push(`${input.id || input.name}: ${Math.ceil(needed)}/${Math.floor(available)}`);
    }
    return cut;
  });
