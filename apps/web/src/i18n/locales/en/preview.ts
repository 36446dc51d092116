/** In-browser previews of design files: 3D models, vector drawings, PDFs and images. */
export const preview = {
  close: 'Close',
  download: 'Download',
  openInNewTab: 'Open in new tab',
  loading: 'Loading the preview',
  loadFailed: 'The preview could not be loaded. You can still download the file.',
  unsupported: 'There is no preview for this file type. Download it to open it in your software.',
  zoom: {
    in: 'Zoom in',
    out: 'Zoom out',
    fit: 'Fit to view',
    level: '{{percent}}%',
  },
  model: {
    viewer: '3D preview of {{filename}}',
    resetView: 'Reset view',
    dimensions: '{{x}} × {{y}} × {{z}} mm',
    dimensionsLabel: 'Size (X × Y × Z)',
    hint: 'Drag to rotate, scroll to zoom, right-drag to pan',
    /** On a touch screen (pointer: coarse). */
    hintTouch: 'Drag to rotate, pinch to zoom, drag with two fingers to pan',
    noWebgl:
      'This browser cannot show 3D previews: WebGL is turned off or not supported. Download the file to view it.',
    empty: 'This model has no visible geometry.',
  },
  vector: {
    alt: 'Preview of {{filename}}',
    drawing: 'Drawing {{filename}}',
    size: '{{width}} × {{height}} {{unit}}',
    sizeLabel: 'Drawing size',
    empty: 'No lines, circles or curves were found in this drawing.',
    units: {
      unitless: 'drawing units',
      in: 'in',
      ft: 'ft',
      mm: 'mm',
      cm: 'cm',
      m: 'm',
    },
  },
  pdf: {
    title: 'PDF preview of {{filename}}',
    fallback: 'This browser cannot show the PDF here.',
  },
  image: {
    alt: 'Preview of {{filename}}',
  },
};
