/** The part of gltf-validator's API the mesh tests use (the package ships no types). */
declare module 'gltf-validator' {
  export type TValidationReport = {
    issues: {
      numErrors: number;
      numWarnings: number;
      messages: { code: string; message: string; severity: number }[];
    };
    info?: { totalVertexCount?: number; totalTriangleCount?: number };
  };
  export function validateBytes(
    data: Uint8Array,
    options?: Record<string, unknown>,
  ): Promise<TValidationReport>;
}
