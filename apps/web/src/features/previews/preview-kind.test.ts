import { describe, expect, it } from 'vitest';
import { extensionOf, modelFormatOf, previewKindOf, vectorFormatOf } from './preview-kind';

describe('previewKindOf (ADR 0005 design formats)', () => {
  it.each([
    ['bracket.stl', 'model'],
    ['plate.3MF', 'model'],
    ['teapot.obj', 'model'],
    ['scene.glb', 'model'],
    ['scene.gltf', 'model'],
    ['logo.svg', 'vector'],
    ['panel.DXF', 'vector'],
    ['manual.pdf', 'pdf'],
    ['photo.png', 'image'],
    ['photo.jpg', 'image'],
    ['photo.JPEG', 'image'],
    ['photo.webp', 'image'],
    ['anim.gif', 'image'],
  ] as const)('%s opens the %s viewer', (filename, kind) => {
    expect(previewKindOf(filename)).toBe(kind);
  });

  it.each([
    'part.step',
    'part.stp',
    'print.gcode',
    'print.bgcode',
    'bundle.zip',
    'job.lbrn2',
    'job.xcs',
    'README',
    '.stl',
    'x.constructor',
    'x.toString',
  ])('%s has no preview', (filename) => {
    expect(previewKindOf(filename)).toBeNull();
  });

  it('prefers a known extension over a generic or wrong MIME type', () => {
    expect(previewKindOf('bracket.stl', 'application/octet-stream')).toBe('model');
    expect(previewKindOf('logo.svg', 'text/plain')).toBe('vector');
  });

  it('falls back to the MIME type when the name says nothing', () => {
    expect(previewKindOf('download', 'model/stl')).toBe('model');
    expect(previewKindOf('download', 'image/svg+xml; charset=utf-8')).toBe('vector');
    expect(previewKindOf('download', 'application/dxf')).toBe('vector');
    expect(previewKindOf('download', 'application/PDF')).toBe('pdf');
    expect(previewKindOf('download', 'image/webp')).toBe('image');
    expect(previewKindOf('part.step', 'image/png')).toBe('image');
    expect(previewKindOf('download', 'application/zip')).toBeNull();
    expect(previewKindOf('download')).toBeNull();
  });

  it('reads the extension of a URL path without its query or hash', () => {
    expect(extensionOf('/files/ab/cd/abcd.STL?v=2#top')).toBe('stl');
    expect(extensionOf('/files/dir.v2/readme')).toBe('');
    expect(previewKindOf('/files/ab/abcd.pdf?download=1')).toBe('pdf');
  });

  it('names the model and vector formats the viewers load', () => {
    expect(modelFormatOf('plate.3mf')).toBe('3mf');
    expect(modelFormatOf('scene.GLB')).toBe('glb');
    expect(modelFormatOf('blob', 'model/gltf+json')).toBe('gltf');
    expect(modelFormatOf('logo.svg')).toBeNull();
    expect(vectorFormatOf('panel.dxf')).toBe('dxf');
    expect(vectorFormatOf('blob', 'image/svg+xml')).toBe('svg');
    expect(vectorFormatOf('bracket.stl')).toBeNull();
  });
});
