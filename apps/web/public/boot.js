// The page's first script: a classic one, so it runs before any module of the app.
(() => {
  // The CSP has no 'unsafe-eval' (ADR 0010). zod compiles fast object parsers
  // with new Function unless told not to, and probes for it with Function('')
  // as soon as the first object schema is built; jitless skips both. zod reads
  // this global when it loads, so it is set here, before any module of the app.
  globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, {
    jitless: true,
  });

  // The app starts after the page's first paint (ADR 0023). The build moves the
  // app's entry and its module preloads onto this tag (data-entry,
  // data-preload); on a phone the boot shell's header and the carousel image
  // that index.html carries paint first, with the whole connection to
  // themselves, and the scripts follow at once. The dev server keeps its own
  // module script and leaves both attributes out.
  const tag = document.currentScript;
  const entry = tag?.getAttribute('data-entry');
  if (!entry) return;
  const list = (name) => (tag.getAttribute(name) || '').split(/\s+/).filter(Boolean);
  const preloads = list('data-preload');
  // On the home, its route's own chunk and stylesheets come with the entry
  // (ADR 0063): the router would ask for them only once the entry has run.
  const isHome = location.pathname === '/';
  const homeScripts = isHome ? list('data-home-preload') : [];
  const homeStyles = isHome ? list('data-home-styles') : [];

  let isStarted = false;
  const start = () => {
    if (isStarted) return;
    isStarted = true;
    // One insertion for all of them: the head changes once.
    const tags = document.createDocumentFragment();
    for (const href of [...preloads, ...homeScripts]) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = 'anonymous';
      link.href = href;
      tags.append(link);
    }
    // Vite's loader finds these stylesheets when the route asks for them and adds none.
    for (const href of homeStyles) {
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = href;
      tags.append(link);
    }
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = 'anonymous';
    script.src = entry;
    tags.append(script);
    document.head.append(tags);
  };
  const afterPaint = () => requestAnimationFrame(() => setTimeout(start, 0));

  // Never longer than this: a hidden tab runs no animation frames, and a slow
  // image must not hold the app back.
  setTimeout(start, 1000);
  // Whether the image is shown (phones) is read from its box's computed style:
  // a style update only. Reading its layout here (offsetParent) laid the page
  // out inside this script, and that first layout, which looks up the fonts,
  // then counted as a long task of its own (docs/PERFORMANCE.md, ninth pass).
  const hero = document.querySelector('.boot-shell__hero img');
  const heroBox = hero?.closest('.boot-shell__hero');
  const isHeroShown = !!heroBox && getComputedStyle(heroBox).display !== 'none';
  if (hero && isHeroShown && !hero.complete) {
    hero.addEventListener('load', afterPaint, { once: true });
    hero.addEventListener('error', start, { once: true });
  } else afterPaint();
})();
