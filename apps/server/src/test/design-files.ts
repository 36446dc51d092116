/** A binary STL: 80-byte header, triangle count, 50 bytes per triangle (zeros). */
export function binaryStl(triangles: number, header = 'binary stl'): Buffer {
  const data = Buffer.alloc(84 + 50 * triangles);
  data.write(header, 0, 'latin1');
  data.writeUInt32LE(triangles, 80);
  return data;
}

/** The smallest PDF readers open. */
export const MINIMAL_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** An ELF header, as the first bytes of a Linux program. */
export const ELF = Buffer.concat([
  Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]),
  Buffer.alloc(256, 0x90),
]);
