/**
 * Maximum-weight matching in a general graph: Edmonds' blossom algorithm with the primal-dual method, in the
 * O(n³) form Galil describes ("Efficient algorithms for finding maximum matching in graphs", ACM Computing
 * Surveys, 1986). Written for swiss pairing; plain TypeScript, no dependencies.
 *
 * Vertices are 0 … n − 1; non-trivial blossoms are numbered n … 2n − 1. Edge k has endpoints 2k and 2k + 1, so
 * `p ^ 1` is the other end of the edge at endpoint p. Dual variables are stored doubled (2·u(v)), so integer
 * weights keep every value an integer: weights must be integers whose magnitude stays well below 2^51.
 */
export interface WeightedEdge {
  a: number;
  b: number;
  weight: number;
}

export interface MatchingOptions {
  /** Consider only matchings of maximum cardinality, and return the heaviest of those. */
  maxCardinality?: boolean;
}

/** `mate[v]` is the vertex matched to v, or −1. */
export function maximumWeightMatching(vertexCount: number, edgeList: readonly WeightedEdge[], options: MatchingOptions = {}): Int32Array {
  const result = new Int32Array(vertexCount).fill(-1);
  if (edgeList.length === 0 || vertexCount === 0) return result;
  return new BlossomSolver(vertexCount, edgeList, options.maxCardinality ?? false).solve();
}

class BlossomSolver {
  private readonly n: number;
  private readonly edgeCount: number;
  private readonly weight: Float64Array;
  /** endpoint[p]: the vertex at edge endpoint p. */
  private readonly endpoint: Int32Array;
  /** The remote endpoints of v's edges are neighbourEnds[neighbourStart[v] … neighbourStart[v + 1] − 1]. */
  private readonly neighbourStart: Int32Array;
  private readonly neighbourEnds: Int32Array;
  /** The remote endpoint of v's matched edge, or −1. */
  private readonly mate: Int32Array;
  /** Of a top-level blossom: 0 free, 1 S, 2 T (5 marks a breadcrumb while scanning). */
  private readonly label: Int32Array;
  /** The remote endpoint of the edge through which a blossom (or a T-vertex inside a T-blossom) got its label. */
  private readonly labelEnd: Int32Array;
  private readonly inBlossom: Int32Array;
  private readonly blossomParent: Int32Array;
  private readonly blossomChildren: (number[] | null)[];
  private readonly blossomBase: Int32Array;
  /** blossomEnds[b][i]: the endpoint of children[i] on the edge to children[i + 1]. */
  private readonly blossomEnds: (number[] | null)[];
  /** The least-slack edge from a free vertex to an S-vertex, or from an S-blossom to another S-blossom. */
  private readonly bestEdge: Int32Array;
  private readonly blossomBestEdges: (number[] | null)[];
  private readonly unusedBlossoms: number[];
  private readonly dual: Float64Array;
  private readonly allowEdge: Uint8Array;
  private queue: number[] = [];

  constructor(
    vertexCount: number,
    edges: readonly WeightedEdge[],
    private readonly maxCardinality: boolean,
  ) {
    const n = (this.n = vertexCount);
    const m = (this.edgeCount = edges.length);
    this.weight = new Float64Array(m);
    this.endpoint = new Int32Array(2 * m);
    const degree = new Int32Array(n + 1);
    let maxWeight = 0;
    edges.forEach(({ a, b, weight }, k) => {
      if (a === b || a < 0 || b < 0 || a >= n || b >= n) throw new Error(`edge ${k} (${a}, ${b}) is not between two distinct vertices of the graph`);
      this.endpoint[2 * k] = a;
      this.endpoint[2 * k + 1] = b;
      this.weight[k] = weight;
      maxWeight = Math.max(maxWeight, weight);
      degree[a + 1]++;
      degree[b + 1]++;
    });
    for (let v = 0; v < n; v++) degree[v + 1] += degree[v];
    this.neighbourStart = degree.slice();
    this.neighbourEnds = new Int32Array(2 * m);
    const fill = degree.slice();
    for (let k = 0; k < m; k++) {
      this.neighbourEnds[fill[this.endpoint[2 * k]]++] = 2 * k + 1;
      this.neighbourEnds[fill[this.endpoint[2 * k + 1]]++] = 2 * k;
    }
    this.mate = new Int32Array(n).fill(-1);
    this.label = new Int32Array(2 * n);
    this.labelEnd = new Int32Array(2 * n).fill(-1);
    this.inBlossom = Int32Array.from({ length: n }, (_, v) => v);
    this.blossomParent = new Int32Array(2 * n).fill(-1);
    this.blossomChildren = new Array<number[] | null>(2 * n).fill(null);
    this.blossomBase = Int32Array.from({ length: 2 * n }, (_, b) => (b < n ? b : -1));
    this.blossomEnds = new Array<number[] | null>(2 * n).fill(null);
    this.bestEdge = new Int32Array(2 * n).fill(-1);
    this.blossomBestEdges = new Array<number[] | null>(2 * n).fill(null);
    this.unusedBlossoms = Array.from({ length: n }, (_, i) => n + i);
    this.dual = new Float64Array(2 * n);
    this.dual.fill(maxWeight, 0, n);
    this.allowEdge = new Uint8Array(m);
    this.pairTightEdges(maxWeight);
  }

  /**
   * A head start: with every vertex dual at the maximum weight, the edges of maximum weight are tight, and any
   * matching of tight edges keeps the dual solution feasible (free vertices still share one dual value). When most
   * of the optimum is made of such edges, as in a swiss round, the stages below only repair what is left.
   */
  private pairTightEdges(maxWeight: number): void {
    for (let k = 0; k < this.edgeCount; k++) {
      if (this.weight[k] !== maxWeight) continue;
      const a = this.endpoint[2 * k];
      const b = this.endpoint[2 * k + 1];
      if (this.mate[a] !== -1 || this.mate[b] !== -1) continue;
      this.mate[a] = 2 * k + 1;
      this.mate[b] = 2 * k;
    }
  }

  /** Twice the slack of edge k (valid between top-level blossoms). */
  private slack(k: number): number {
    return this.dual[this.endpoint[2 * k]] + this.dual[this.endpoint[2 * k + 1]] - 2 * this.weight[k];
  }

  private leaves(b: number): number[] {
    if (b < this.n) return [b];
    const out: number[] = [];
    const stack = [b];
    while (stack.length > 0) {
      const t = stack.pop()!;
      if (t < this.n) out.push(t);
      else for (const child of this.blossomChildren[t]!) stack.push(child);
    }
    return out;
  }

  /** Labels the top-level blossom of w with t, reached through the edge whose remote endpoint is p. */
  private assignLabel(w: number, t: number, p: number): void {
    for (;;) {
      const b = this.inBlossom[w];
      this.label[w] = this.label[b] = t;
      this.labelEnd[w] = this.labelEnd[b] = p;
      this.bestEdge[w] = this.bestEdge[b] = -1;
      if (t === 1) {
        for (const v of this.leaves(b)) this.queue.push(v);
        return;
      }
      // A T-blossom: its base's mate becomes an S-vertex.
      const base = this.blossomBase[b];
      const mateEnd = this.mate[base];
      w = this.endpoint[mateEnd];
      t = 1;
      p = mateEnd ^ 1;
    }
  }

  /** Traces back from v and w: the base of a new blossom, or −1 when the two paths end at different roots (an augmenting path). */
  private scanBlossom(v: number, w: number): number {
    const path: number[] = [];
    let base = -1;
    while (v !== -1 || w !== -1) {
      let b = this.inBlossom[v];
      if (this.label[b] & 4) {
        base = this.blossomBase[b];
        break;
      }
      path.push(b);
      this.label[b] = 5;
      if (this.labelEnd[b] === -1) {
        v = -1;
      } else {
        v = this.endpoint[this.labelEnd[b]];
        b = this.inBlossom[v];
        v = this.endpoint[this.labelEnd[b]];
      }
      if (w !== -1) [v, w] = [w, v];
    }
    for (const b of path) this.label[b] = 1;
    return base;
  }

  /** Makes a new S-blossom with the given base from the cycle closed by edge k between two S-vertices. */
  private addBlossom(base: number, k: number): void {
    let v = this.endpoint[2 * k];
    let w = this.endpoint[2 * k + 1];
    const bb = this.inBlossom[base];
    let bv = this.inBlossom[v];
    let bw = this.inBlossom[w];
    const b = this.unusedBlossoms.pop()!;
    this.blossomBase[b] = base;
    this.blossomParent[b] = -1;
    this.blossomParent[bb] = b;
    const path: number[] = [];
    const ends: number[] = [];
    while (bv !== bb) {
      this.blossomParent[bv] = b;
      path.push(bv);
      ends.push(this.labelEnd[bv]);
      v = this.endpoint[this.labelEnd[bv]];
      bv = this.inBlossom[v];
    }
    path.push(bb);
    path.reverse();
    ends.reverse();
    ends.push(2 * k);
    while (bw !== bb) {
      this.blossomParent[bw] = b;
      path.push(bw);
      ends.push(this.labelEnd[bw] ^ 1);
      w = this.endpoint[this.labelEnd[bw]];
      bw = this.inBlossom[w];
    }
    this.blossomChildren[b] = path;
    this.blossomEnds[b] = ends;
    this.label[b] = 1;
    this.labelEnd[b] = this.labelEnd[bb];
    this.dual[b] = 0;
    for (const leaf of this.leaves(b)) {
      // A T-vertex turns S as part of an S-blossom: it must be scanned.
      if (this.label[this.inBlossom[leaf]] === 2) this.queue.push(leaf);
      this.inBlossom[leaf] = b;
    }
    // The least-slack edge from the new blossom to each neighbouring S-blossom.
    const bestTo = new Map<number, number>();
    for (const child of path) {
      const lists = this.blossomBestEdges[child] ? [this.blossomBestEdges[child]] : this.leaves(child).map((leaf) => this.edgesOf(leaf));
      for (const list of lists) {
        for (const edge of list) {
          let i = this.endpoint[2 * edge];
          let j = this.endpoint[2 * edge + 1];
          if (this.inBlossom[j] === b) [i, j] = [j, i];
          const bj = this.inBlossom[j];
          if (bj !== b && this.label[bj] === 1) {
            const known = bestTo.get(bj);
            if (known === undefined || this.slack(edge) < this.slack(known)) bestTo.set(bj, edge);
          }
        }
      }
      this.blossomBestEdges[child] = null;
      this.bestEdge[child] = -1;
    }
    const best = [...bestTo.values()];
    this.blossomBestEdges[b] = best;
    this.bestEdge[b] = -1;
    for (const edge of best) if (this.bestEdge[b] === -1 || this.slack(edge) < this.slack(this.bestEdge[b])) this.bestEdge[b] = edge;
  }

  private edgesOf(v: number): number[] {
    const list: number[] = [];
    for (let i = this.neighbourStart[v]; i < this.neighbourStart[v + 1]; i++) list.push(this.neighbourEnds[i] >> 1);
    return list;
  }

  /** Dissolves a top-level blossom into its children (relabelling them when it was a T-blossom mid-stage). */
  private expandBlossom(b: number, endStage: boolean): void {
    const children = this.blossomChildren[b]!;
    const ends = this.blossomEnds[b]!;
    for (const s of children) {
      this.blossomParent[s] = -1;
      if (s < this.n) this.inBlossom[s] = s;
      else if (endStage && this.dual[s] === 0) this.expandBlossom(s, endStage);
      else for (const v of this.leaves(s)) this.inBlossom[v] = s;
    }
    if (!endStage && this.label[b] === 2) {
      const at = (index: number) => (index < 0 ? index + children.length : index);
      const entryChild = this.inBlossom[this.endpoint[this.labelEnd[b] ^ 1]];
      let j = children.indexOf(entryChild);
      let step: number;
      let trick: number;
      if (j & 1) {
        j -= children.length;
        step = 1;
        trick = 0;
      } else {
        step = -1;
        trick = 1;
      }
      let p = this.labelEnd[b];
      while (j !== 0) {
        this.label[this.endpoint[p ^ 1]] = 0;
        this.label[this.endpoint[ends[at(j - trick)] ^ trick ^ 1]] = 0;
        this.assignLabel(this.endpoint[p ^ 1], 2, p);
        this.allowEdge[ends[at(j - trick)] >> 1] = 1;
        j += step;
        p = ends[at(j - trick)] ^ trick;
        this.allowEdge[p >> 1] = 1;
        j += step;
      }
      const bv = children[at(j)];
      this.label[this.endpoint[p ^ 1]] = this.label[bv] = 2;
      this.labelEnd[this.endpoint[p ^ 1]] = this.labelEnd[bv] = p;
      this.bestEdge[bv] = -1;
      j += step;
      while (children[at(j)] !== entryChild) {
        const child = children[at(j)];
        if (this.label[child] === 1) {
          j += step;
          continue;
        }
        const reached = this.leaves(child).find((v) => this.label[v] !== 0);
        if (reached !== undefined) {
          this.label[reached] = 0;
          this.label[this.endpoint[this.mate[this.blossomBase[child]]]] = 0;
          this.assignLabel(reached, 2, this.labelEnd[reached]);
        }
        j += step;
      }
    }
    this.label[b] = this.labelEnd[b] = -1;
    this.blossomChildren[b] = this.blossomEnds[b] = null;
    this.blossomBase[b] = -1;
    this.blossomBestEdges[b] = null;
    this.bestEdge[b] = -1;
    this.unusedBlossoms.push(b);
  }

  /** Swaps matched and unmatched edges along the path inside blossom b from vertex v to its base; v becomes the base. */
  private augmentBlossom(b: number, v: number): void {
    let t = v;
    while (this.blossomParent[t] !== b) t = this.blossomParent[t];
    if (t >= this.n) this.augmentBlossom(t, v);
    const children = this.blossomChildren[b]!;
    const ends = this.blossomEnds[b]!;
    const at = (index: number) => (index < 0 ? index + children.length : index);
    const i = children.indexOf(t);
    let j = i;
    let step: number;
    let trick: number;
    if (i & 1) {
      j -= children.length;
      step = 1;
      trick = 0;
    } else {
      step = -1;
      trick = 1;
    }
    while (j !== 0) {
      j += step;
      let child = children[at(j)];
      const p = ends[at(j - trick)] ^ trick;
      if (child >= this.n) this.augmentBlossom(child, this.endpoint[p]);
      j += step;
      child = children[at(j)];
      if (child >= this.n) this.augmentBlossom(child, this.endpoint[p ^ 1]);
      this.mate[this.endpoint[p]] = p ^ 1;
      this.mate[this.endpoint[p ^ 1]] = p;
    }
    this.blossomChildren[b] = [...children.slice(i), ...children.slice(0, i)];
    this.blossomEnds[b] = [...ends.slice(i), ...ends.slice(0, i)];
    this.blossomBase[b] = this.blossomBase[this.blossomChildren[b]![0]];
  }

  /** Augments along the path through edge k (between two S-vertices of different trees). */
  private augmentMatching(k: number): void {
    const v = this.endpoint[2 * k];
    const w = this.endpoint[2 * k + 1];
    for (const [start, end] of [
      [v, 2 * k + 1],
      [w, 2 * k],
    ]) {
      let s = start;
      let p = end;
      for (;;) {
        const bs = this.inBlossom[s];
        if (bs >= this.n) this.augmentBlossom(bs, s);
        this.mate[s] = p;
        if (this.labelEnd[bs] === -1) break;
        const t = this.endpoint[this.labelEnd[bs]];
        const bt = this.inBlossom[t];
        s = this.endpoint[this.labelEnd[bt]];
        const j = this.endpoint[this.labelEnd[bt] ^ 1];
        if (bt >= this.n) this.augmentBlossom(bt, j);
        this.mate[j] = this.labelEnd[bt];
        p = this.labelEnd[bt] ^ 1;
      }
    }
  }

  solve(): Int32Array {
    const n = this.n;
    for (let stage = 0; stage < n; stage++) {
      this.label.fill(0);
      this.bestEdge.fill(-1);
      this.blossomBestEdges.fill(null, n);
      this.allowEdge.fill(0);
      this.queue = [];
      for (let v = 0; v < n; v++) {
        if (this.mate[v] === -1 && this.label[this.inBlossom[v]] === 0) this.assignLabel(v, 1, -1);
      }
      if (!this.runStage()) break;
      // End of a stage: S-blossoms whose dual reached zero are dissolved.
      for (let b = n; b < 2 * n; b++) {
        if (this.blossomParent[b] === -1 && this.blossomBase[b] >= 0 && this.label[b] === 1 && this.dual[b] === 0) this.expandBlossom(b, true);
      }
    }
    const partner = new Int32Array(n).fill(-1);
    for (let v = 0; v < n; v++) if (this.mate[v] >= 0) partner[v] = this.endpoint[this.mate[v]];
    return partner;
  }

  /** One stage: grows the alternating forest, adjusting duals, until it augments (true) or no augmenting path is left (false). */
  private runStage(): boolean {
    const n = this.n;
    for (;;) {
      while (this.queue.length > 0) {
        const v = this.queue.pop()!;
        for (let i = this.neighbourStart[v]; i < this.neighbourStart[v + 1]; i++) {
          const p = this.neighbourEnds[i];
          const k = p >> 1;
          const w = this.endpoint[p];
          if (this.inBlossom[v] === this.inBlossom[w]) continue;
          let kSlack = 0;
          if (!this.allowEdge[k]) {
            kSlack = this.slack(k);
            if (kSlack <= 0) this.allowEdge[k] = 1;
          }
          if (this.allowEdge[k]) {
            if (this.label[this.inBlossom[w]] === 0) {
              this.assignLabel(w, 2, p ^ 1);
            } else if (this.label[this.inBlossom[w]] === 1) {
              const base = this.scanBlossom(v, w);
              if (base >= 0) this.addBlossom(base, k);
              else {
                this.augmentMatching(k);
                return true;
              }
            } else if (this.label[w] === 0) {
              // w sits inside a T-blossom and was not reached yet: remember how, for expanding that blossom later.
              this.label[w] = 2;
              this.labelEnd[w] = p ^ 1;
            }
          } else if (this.label[this.inBlossom[w]] === 1) {
            const b = this.inBlossom[v];
            if (this.bestEdge[b] === -1 || kSlack < this.slack(this.bestEdge[b])) this.bestEdge[b] = k;
          } else if (this.label[w] === 0) {
            if (this.bestEdge[w] === -1 || kSlack < this.slack(this.bestEdge[w])) this.bestEdge[w] = k;
          }
        }
      }

      // No augmenting path with the tight edges: move the duals by the largest step that keeps them feasible.
      let deltaType = -1;
      let delta = 0;
      let deltaEdge = -1;
      let deltaBlossom = -1;
      if (!this.maxCardinality) {
        deltaType = 1;
        delta = Infinity;
        for (let v = 0; v < n; v++) delta = Math.min(delta, this.dual[v]);
      }
      for (let v = 0; v < n; v++) {
        if (this.label[this.inBlossom[v]] === 0 && this.bestEdge[v] !== -1) {
          const d = this.slack(this.bestEdge[v]);
          if (deltaType === -1 || d < delta) {
            delta = d;
            deltaType = 2;
            deltaEdge = this.bestEdge[v];
          }
        }
      }
      for (let b = 0; b < 2 * n; b++) {
        if (this.blossomParent[b] === -1 && this.label[b] === 1 && this.bestEdge[b] !== -1) {
          const d = this.slack(this.bestEdge[b]) / 2;
          if (deltaType === -1 || d < delta) {
            delta = d;
            deltaType = 3;
            deltaEdge = this.bestEdge[b];
          }
        }
      }
      for (let b = n; b < 2 * n; b++) {
        if (this.blossomBase[b] >= 0 && this.blossomParent[b] === -1 && this.label[b] === 2 && (deltaType === -1 || this.dual[b] < delta)) {
          delta = this.dual[b];
          deltaType = 4;
          deltaBlossom = b;
        }
      }
      if (deltaType === -1) {
        // Maximum cardinality reached and nothing left to improve.
        deltaType = 1;
        let lowest = Infinity;
        for (let v = 0; v < n; v++) lowest = Math.min(lowest, this.dual[v]);
        delta = Math.max(0, lowest);
      }

      for (let v = 0; v < n; v++) {
        const label = this.label[this.inBlossom[v]];
        if (label === 1) this.dual[v] -= delta;
        else if (label === 2) this.dual[v] += delta;
      }
      for (let b = n; b < 2 * n; b++) {
        if (this.blossomBase[b] >= 0 && this.blossomParent[b] === -1) {
          if (this.label[b] === 1) this.dual[b] += delta;
          else if (this.label[b] === 2) this.dual[b] -= delta;
        }
      }

      if (deltaType === 1) return false;
      if (deltaType === 2) {
        this.allowEdge[deltaEdge] = 1;
        let i = this.endpoint[2 * deltaEdge];
        if (this.label[this.inBlossom[i]] === 0) i = this.endpoint[2 * deltaEdge + 1];
        this.queue.push(i);
      } else if (deltaType === 3) {
        this.allowEdge[deltaEdge] = 1;
        this.queue.push(this.endpoint[2 * deltaEdge]);
      } else {
        this.expandBlossom(deltaBlossom, false);
      }
    }
  }
}
