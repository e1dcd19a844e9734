declare module 'edmonds-blossom-fixed' {
  /**
   * Maximum-weight matching (Van Rantwijk's O(n³) blossom algorithm). Edges are [u, v, weight] with vertices
   * 0..n-1; the answer gives each vertex its mate or -1. With `maxCardinality`, only maximum-cardinality
   * matchings are considered.
   */
  export default function blossom(edges: [number, number, number][], maxCardinality?: boolean): number[];
}
