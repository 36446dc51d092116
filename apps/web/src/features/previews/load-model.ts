import {
  Box3,
  type BufferGeometry,
  DoubleSide,
  type Material,
  Mesh,
  MeshStandardMaterial,
  type Object3D,
  Texture,
} from 'three';
import { ThreeMFLoader } from 'three/addons/loaders/3MFLoader.js';
import { GLTFLoader } from 'three/addons/loaders/GLTFLoader.js';
import { OBJLoader } from 'three/addons/loaders/OBJLoader.js';
import { STLLoader } from 'three/addons/loaders/STLLoader.js';
import { fetchFileBuffer } from './fetch-file';
import type { TModelFormat } from './preview-kind';

/**
 * Parses a design file into three.js objects. Only ever loaded with import()
 * (it pulls in three.js); ModelViewer does that when a model preview opens.
 */
export type TLoadedModel = {
  object: Object3D;
  /** STL and 3MF put Z up (the printer's bed is XY); OBJ and glTF put Y up. */
  upAxis: 'y' | 'z';
  /** In the file's own axes and units (millimetres by convention). */
  box: Box3;
};

/** A light matte grey: shapes read well under the viewer's lights, whatever the file's colours. */
export function neutralMaterial(hasVertexColors = false): MeshStandardMaterial {
  return new MeshStandardMaterial({
    color: hasVertexColors ? 0xffffff : 0xc9ced6,
    roughness: 0.6,
    metalness: 0.05,
    // Many STL exports have some faces wound the wrong way; show them anyway.
    side: DoubleSide,
    vertexColors: hasVertexColors,
  });
}

function stlMesh(data: ArrayBuffer): Mesh {
  const geometry = new STLLoader().parse(data);
  // Many exporters write every facet normal as 0 0 0, which renders black: derive them
  // from the triangles (flat per facet, as the geometry is not indexed).
  geometry.computeVertexNormals();
  // Binary STL may carry per-face colours (the loader sets hasColors).
  const hasColors = Boolean((geometry as BufferGeometry & { hasColors?: boolean }).hasColors);
  return new Mesh(geometry, neutralMaterial(hasColors));
}

/** The server keeps a single file, so an OBJ's .mtl never comes along: give it the neutral look. */
function objGroup(data: ArrayBuffer): Object3D {
  const group = new OBJLoader().parse(new TextDecoder().decode(data));
  group.traverse((child) => {
    if (child instanceof Mesh) {
      disposeMaterial(child.material);
      child.material = neutralMaterial(child.geometry.hasAttribute('color'));
    }
  });
  return group;
}

async function parseObject(
  data: ArrayBuffer,
  format: TModelFormat,
  resourcePath: string,
): Promise<Object3D> {
  switch (format) {
    case 'stl':
      return stlMesh(data);
    case '3mf': {
      const group: unknown = new ThreeMFLoader().parse(data);
      if (!group || !(group as Object3D).isObject3D) throw new Error('Unreadable 3MF package');
      return group as Object3D;
    }
    case 'obj':
      return objGroup(data);
    case 'glb':
    case 'gltf':
      return (await new GLTFLoader().parseAsync(data, resourcePath)).scene;
  }
}

/** The bounding box in the object's own axes; empty (min = +Infinity) when nothing has vertices. */
export function measureObject(object: Object3D): Box3 {
  object.updateMatrixWorld(true);
  return new Box3().setFromObject(object);
}

export async function parseModel(
  data: ArrayBuffer,
  format: TModelFormat,
  resourcePath = '',
): Promise<TLoadedModel> {
  const object = await parseObject(data, format, resourcePath);
  return {
    object,
    upAxis: format === 'stl' || format === '3mf' ? 'z' : 'y',
    box: measureObject(object),
  };
}

/** Fetches and parses; a .gltf's relative buffers resolve next to its URL. */
export async function loadModel(
  url: string,
  format: TModelFormat,
  signal?: AbortSignal,
): Promise<TLoadedModel> {
  const data = await fetchFileBuffer(url, signal);
  return parseModel(data, format, url.slice(0, url.lastIndexOf('/') + 1));
}

function disposeMaterial(material: Material | Material[]) {
  for (const item of Array.isArray(material) ? material : [material]) {
    for (const value of Object.values(item)) {
      if (value instanceof Texture) value.dispose();
    }
    item.dispose();
  }
}

/** GPU memory is not garbage collected: free every geometry, material and texture below. */
export function disposeObject(object: Object3D) {
  object.traverse((child) => {
    const drawable = child as Object3D & {
      geometry?: BufferGeometry;
      material?: Material | Material[];
    };
    drawable.geometry?.dispose();
    if (drawable.material) disposeMaterial(drawable.material);
  });
}
