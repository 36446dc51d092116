/**
 * An indexed triangle mesh: xyz triples in `positions`, vertex index triples
 * in `triangles`. Flat arrays keep large meshes cheap to build, transform and
 * encode; the demo seed builds them and uploaded models are parsed into them.
 */
export type TMesh = { positions: number[]; triangles: number[] };
