import {
  Box3,
  Color,
  DirectionalLight,
  GridHelper,
  Group,
  HemisphereLight,
  PerspectiveCamera,
  Scene,
  Sphere,
  Vector3,
  WebGLRenderer,
} from 'three';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';
import { disposeObject, type TLoadedModel } from './load-model';

/**
 * The 3D viewer's scene: renderer, lights, floor grid, camera and orbit
 * controls. Only ever loaded with import() (it pulls in three.js). Frames are
 * drawn on demand (after a control move or a resize), not in a loop, so an
 * open preview costs nothing while nobody touches it.
 */
export class WebGLUnavailableError extends Error {
  override name = 'WebGLUnavailableError';
}

export type TModelStage = {
  /** Puts the model on the floor, frames it and draws the first frame. */
  show: (model: TLoadedModel) => void;
  resetView: () => void;
  dispose: () => void;
};

const BACKGROUND = 0x1d2027;
/** Looking from the front right and a little above, like a slicer's default view. */
const VIEW_DIRECTION = new Vector3(1, 0.8, 1.3).normalize();

function createRenderer(): WebGLRenderer {
  try {
    // preserveDrawingBuffer keeps the last frame readable for screenshots.
    return new WebGLRenderer({ antialias: true, preserveDrawingBuffer: true });
  } catch (error) {
    throw new WebGLUnavailableError(error instanceof Error ? error.message : String(error));
  }
}

/** A grid of round cells (1, 5, 10, 50 ... mm) about twice the model's footprint. */
function floorGrid(footprint: number): GridHelper {
  const extent = Math.max(footprint, 1);
  const magnitude = 10 ** Math.floor(Math.log10(extent));
  const cell = extent / magnitude >= 5 ? magnitude : magnitude / 2;
  const divisions = Math.min(200, Math.ceil((extent * 2) / cell / 2) * 2);
  return new GridHelper(divisions * cell, divisions, 0x5b6270, 0x353a44);
}

export function createModelStage(mount: HTMLElement, onContextLost: () => void): TModelStage {
  const renderer = createRenderer();
  renderer.setPixelRatio(Math.min(window.devicePixelRatio || 1, 2));
  renderer.setClearColor(BACKGROUND);
  const canvas = renderer.domElement;
  canvas.className = 'model-viewer__canvas';
  const handleContextLost = (event: Event) => {
    event.preventDefault();
    onContextLost();
  };
  canvas.addEventListener('webglcontextlost', handleContextLost);
  mount.appendChild(canvas);

  const scene = new Scene();
  scene.background = new Color(BACKGROUND);
  const camera = new PerspectiveCamera(40, 1, 0.1, 10_000);
  scene.add(camera);
  scene.add(new HemisphereLight(0xffffff, 0x40454f, 1.8));
  // The key light rides with the camera, so the side you look at is always lit.
  const key = new DirectionalLight(0xffffff, 2.2);
  key.position.set(0.6, 1, 0.4);
  key.target.position.set(0, 0, -1);
  camera.add(key, key.target);

  const controls = new OrbitControls(camera, canvas);
  controls.screenSpacePanning = true;
  const holder = new Group();
  scene.add(holder);
  let modelBox: Box3 | null = null;

  const render = () => renderer.render(scene, camera);
  controls.addEventListener('change', render);

  const resize = () => {
    const width = mount.clientWidth;
    const height = mount.clientHeight;
    if (!width || !height) return;
    renderer.setSize(width, height, false);
    camera.aspect = width / height;
    camera.updateProjectionMatrix();
    render();
  };
  const observer = new ResizeObserver(resize);
  observer.observe(mount);

  const frame = (box: Box3) => {
    const sphere = box.getBoundingSphere(new Sphere());
    const radius = Math.max(sphere.radius, 1e-3);
    const vertical = (camera.fov * Math.PI) / 180;
    const horizontal = 2 * Math.atan(Math.tan(vertical / 2) * camera.aspect);
    const distance = (radius / Math.sin(Math.min(vertical, horizontal) / 2)) * 1.1;
    camera.near = distance / 100;
    camera.far = distance * 100;
    camera.position.copy(sphere.center).addScaledVector(VIEW_DIRECTION, distance);
    camera.updateProjectionMatrix();
    controls.target.copy(sphere.center);
    controls.maxDistance = distance * 20;
    controls.update();
  };

  return {
    show(model) {
      const placed = new Group();
      placed.add(model.object);
      // Z-up printer files stand on the grid the way they sit on the bed.
      if (model.upAxis === 'z') placed.rotation.x = -Math.PI / 2;
      holder.add(placed);
      placed.updateMatrixWorld(true);
      const box = new Box3().setFromObject(placed);
      const center = box.getCenter(new Vector3());
      placed.position.set(-center.x, -box.min.y, -center.z);
      placed.updateMatrixWorld(true);
      modelBox = new Box3().setFromObject(placed);
      const size = modelBox.getSize(new Vector3());
      scene.add(floorGrid(Math.max(size.x, size.z)));
      resize();
      frame(modelBox);
      controls.saveState();
      render();
    },
    resetView() {
      controls.reset();
      if (modelBox) frame(modelBox);
      render();
    },
    dispose() {
      observer.disconnect();
      controls.dispose();
      disposeObject(scene);
      canvas.removeEventListener('webglcontextlost', handleContextLost);
      renderer.dispose();
      // Browsers allow only a few live WebGL contexts; give this one back now.
      renderer.forceContextLoss();
      canvas.remove();
    },
  };
}
