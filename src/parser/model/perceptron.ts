/**
 * A structured averaged perceptron over BIO tags with first-order Viterbi decoding (Collins 2002):
 * each token has a list of string features, each feature a weight per tag, and each pair of adjacent
 * tags a transition weight. Training decodes each sequence with the current weights and, where the
 * best path differs from the gold one, adds the gold path's features and subtracts the predicted
 * path's; the weights kept are the average over every step, which generalises much better than the
 * last ones. Pure and deterministic: the same sequences and options give the same weights.
 *
 * @example
 *   const model = trainTagger([{ features: [['w=anna'], ['w=nowak']], tags: ['B-name', 'I-name'] }], { epochs: 5 })
 *   model.decode([['w=anna'], ['w=nowak']]) // ['B-name', 'I-name']
 */

/** The gold tag of a token whose tag is not known (a partly labelled set): the tagger learns nothing there. */
export const unknownTag = '?'

/** A training sequence: per token its features, and its gold tag (or `unknownTag`). */
export interface TaggedSequence {
  features: string[][]
  tags: string[]
}

export interface TrainOptions {
  epochs: number
  /** Seed of the order in which sequences are visited in each epoch (a fixed shuffle per epoch). */
  seed?: number
  /** Averaged weights smaller than this in every tag are dropped, which keeps the model small. */
  prune?: number
  /** Weights are rounded to this many decimals, so that serialised models are compact and stable. */
  decimals?: number
  /**
   * A feature seen in fewer sequences than this is left out: a word met in one document (a person's
   * name, a company's) would otherwise be learnt by heart instead of what it looks like and where it
   * stands, which is what carries over to documents never seen.
   */
  minSequences?: number
  /** Called after each epoch with the share of tokens the current (non-averaged) weights got wrong. */
  onEpoch?: (epoch: number, errorRate: number) => void
}

/** What a tagger is made of, as written to and read from its data file. */
export interface TaggerData {
  tags: string[]
  /** (tags + 1) x tags: row 0 is the start of a sequence, row i + 1 follows tag i. */
  transitions: number[]
  /** Per feature, pairs of [tag index, weight] for its tags with a weight. */
  features: Record<string, number[]>
}

/** A BIO rule: "I-x" only continues "B-x" or "I-x". */
function allowed(tags: readonly string[]): boolean[] {
  const rows = tags.length + 1
  const ok = new Array<boolean>(rows * tags.length).fill(true)
  tags.forEach((tag, j) => {
    if (!tag.startsWith('I-')) return
    const type = tag.slice(2)
    ok[j] = false
    tags.forEach((previous, i) => {
      if (previous !== `B-${type}` && previous !== tag) ok[(i + 1) * tags.length + j] = false
    })
  })
  return ok
}

/**
 * Adds the weight rows (`width` wide) of a token's features into `scores` from `offset` on; a feature
 * without a row adds nothing.
 */
export function addScores(names: readonly string[], rows: ReadonlyMap<string, number>, weights: Float32Array, width: number, scores: Float32Array, offset = 0): void {
  for (const name of names) {
    const row = rows.get(name)
    if (row === undefined) continue
    const at = row * width
    for (let t = 0; t < width; t++) scores[offset + t]! += weights[at + t]!
  }
}

/** A trained tagger: decodes a sequence of token features into tags. */
export class Tagger {
  readonly tags: readonly string[]
  readonly #rows: Map<string, number>
  readonly #weights: Float32Array
  readonly #transitions: Float32Array
  readonly #allowed: boolean[]

  constructor(data: TaggerData) {
    this.tags = data.tags
    const width = data.tags.length
    const names = Object.keys(data.features)
    this.#rows = new Map(names.map((name, i) => [name, i]))
    this.#weights = new Float32Array(names.length * width)
    names.forEach((name, row) => {
      const pairs = data.features[name]!
      for (let k = 0; k < pairs.length; k += 2) this.#weights[row * width + pairs[k]!] = pairs[k + 1]!
    })
    this.#transitions = Float32Array.from(data.transitions)
    this.#allowed = allowed(data.tags)
  }

  /** How many features carry a weight. */
  get size(): number {
    return this.#rows.size
  }

  /**
   * The best tag sequence. `bias` is added to the score of every tag but "O": above 0 the tagger finds
   * more entities (recall) at the cost of precision.
   */
  decode(features: readonly string[][], bias = 0): string[] {
    const width = this.tags.length
    const scores = new Float32Array(features.length * width)
    features.forEach((names, i) => addScores(names, this.#rows, this.#weights, width, scores, i * width))
    return this.decodeScores(scores, bias)
  }

  /**
   * The best tag sequence from per-token tag scores (changed in place by `bias`): token i's score of
   * tag t is `scores[i * stride + offset + t]`, so that several taggers can read one buffer side by side
   * without a view per token.
   */
  decodeScores(scores: Float32Array, bias = 0, stride = this.tags.length, offset = 0): string[] {
    const width = this.tags.length
    const n = Math.floor(scores.length / stride)
    if (bias !== 0)
      for (let i = 0; i < n; i++) for (let t = 0; t < width; t++) if (this.tags[t] !== 'O') scores[i * stride + offset + t]! += bias
    return viterbi({ scores, stride, offset, n }, this.#transitions, this.#allowed, width).map((t) => this.tags[t]!)
  }
}

/** Per-token tag scores in one buffer: token i's score of tag t is `scores[i * stride + offset + t]`. */
interface Emissions {
  scores: ArrayLike<number>
  stride: number
  offset: number
  n: number
}

/**
 * Viterbi over per-token tag scores and transition scores; disallowed transitions are never taken.
 * Ties go to the lower tag index, so decoding is deterministic.
 */
function viterbi(emissions: Emissions, transitions: ArrayLike<number>, ok: boolean[], width: number): number[] {
  const { scores: emitted, stride, offset, n } = emissions
  if (n === 0) return []
  const score = new Float64Array(n * width)
  const back = new Int32Array(n * width)
  for (let t = 0; t < width; t++) score[t] = ok[t] ? transitions[t]! + emitted[offset + t]! : -Infinity
  for (let i = 1; i < n; i++) {
    const at = i * stride + offset
    for (let t = 0; t < width; t++) {
      let best = -Infinity
      let from = 0
      for (let p = 0; p < width; p++) {
        const edge = (p + 1) * width + t
        if (!ok[edge]) continue
        const s = score[(i - 1) * width + p]! + transitions[edge]!
        if (s > best) {
          best = s
          from = p
        }
      }
      score[i * width + t] = best + emitted[at + t]!
      back[i * width + t] = from
    }
  }
  let last = 0
  for (let t = 1; t < width; t++) if (score[(n - 1) * width + t]! > score[(n - 1) * width + last]!) last = t
  const path = new Array<number>(n)
  path[n - 1] = last
  for (let i = n - 1; i > 0; i--) path[i - 1] = back[i * width + path[i]!]!
  return path
}

/** FNV-1a of a string: the visiting order of an epoch sorts sequences by a hash of seed, epoch and index. */
function hash(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193)
  return h >>> 0
}

/**
 * Trains a tagger. Tags are the sorted distinct gold tags with "O" first; features are numbered in
 * the order first seen, so the result depends on the sequences and options alone.
 */
export function trainTagger(sequences: Iterable<TaggedSequence>, options: TrainOptions): Tagger {
  return new Tagger(trainTaggerData(sequences, options))
}

export function trainTaggerData(sequences: Iterable<TaggedSequence>, options: TrainOptions): TaggerData {
  const one = (function* () {
    for (const s of sequences) yield { features: s.features, tags: { tags: s.tags } }
  })()
  return fitTagger(encodeSequences(one, options.minSequences ?? 1), 'tags', options)
}

/** Sequences with their features as numbers, and several tag layers to train a tagger on each. */
export interface EncodedSequences {
  names: string[]
  sequences: Array<{ features: Int32Array[]; tags: Record<string, readonly string[]> }>
  /** Per tag layer, 1 for the features seen in at least `minSequences` sequences that teach it; its tagger uses no others. */
  usable?: Record<string, Uint8Array>
}

/**
 * Reads sequences once, in order, keeping their features as numbers only, so that a generator can
 * compute each document's features when it is reached and several taggers can learn from one reading.
 * A feature seen in fewer than `minSequences` sequences is left out (TrainOptions.minSequences), counted
 * per tag layer over the sequences that teach it (a known tag somewhere): job postings that label only
 * skills neither add nor keep features for the name tagger. A sequence whose `source` names an earlier
 * one (the same document in another form) counts as that one: a word of a single document stays below
 * the cut-off however many forms of it are read.
 */
export function encodeSequences(sequences: Iterable<{ features: string[][]; tags: Record<string, readonly string[]>; name?: string; source?: string }>, minSequences: number): EncodedSequences {
  const featureIndex = new Map<string, number>()
  const names: string[] = []
  const read: EncodedSequences['sequences'] = []
  const layers = new Map<string, { perDocument: Int32Array[]; byName: Map<string, number> }>()
  for (const s of sequences) {
    const teaching = Object.entries(s.tags).filter(([, tags]) => tags.some((t) => t !== unknownTag)).map(([layer]) => layer)
    read.push({
      tags: s.tags,
      features: s.features.map((list) =>
        Int32Array.from(list, (name) => {
          let id = featureIndex.get(name)
          if (id === undefined) {
            id = names.length
            featureIndex.set(name, id)
            names.push(name)
          }
          return id
        }),
      ),
    })
    const distinct = Int32Array.from(new Set(read.at(-1)!.features.flatMap((ids) => [...ids])))
    for (const layer of teaching) {
      const counted = layers.get(layer) ?? { perDocument: [], byName: new Map<string, number>() }
      layers.set(layer, counted)
      const same = s.source === undefined ? undefined : counted.byName.get(s.source)
      if (same !== undefined) counted.perDocument[same] = Int32Array.from(new Set([...counted.perDocument[same]!, ...distinct]))
      else {
        if (s.name !== undefined) counted.byName.set(s.name, counted.perDocument.length)
        counted.perDocument.push(distinct)
      }
    }
  }
  if (minSequences <= 1) return { names, sequences: read }
  const usable = Object.fromEntries([...layers].map(([layer, { perDocument }]) => {
    const count = new Int32Array(names.length)
    for (const ids of perDocument) for (const id of ids) count[id]!++
    return [layer, Uint8Array.from(count, (n) => (n >= minSequences ? 1 : 0))]
  }))
  return { names, sequences: read, usable }
}

/** Trains a tagger on one tag layer of encoded sequences. */
export function fitTagger(encodedSequences: EncodedSequences, layer: string, options: TrainOptions): TaggerData {
  const { names, sequences: read } = encodedSequences
  const tags = ['O', ...[...new Set(read.flatMap((s) => s.tags[layer] ?? []))].filter((t) => t !== 'O' && t !== unknownTag).sort()]
  const width = tags.length
  const tagIndex = new Map(tags.map((t, i) => [t, i]))
  const usable = encodedSequences.usable?.[layer]
  const encoded = read.map((s) => ({
    features: usable ? s.features.map((ids) => ids.filter((id) => usable[id] === 1)) : s.features,
    tags: s.tags[layer]!.map((t) => tagIndex.get(t) ?? -1),
  }))

  const ok = allowed(tags)
  const weights = new Float64Array(names.length * width)
  const transitions = new Float64Array((width + 1) * width)
  // Sums of step x update, from which the average of the weights over all steps is recovered.
  const weightSums = new Float64Array(weights.length)
  const transitionSums = new Float64Array(transitions.length)
  let step = 1

  const seed = options.seed ?? 1
  for (let epoch = 1; epoch <= options.epochs; epoch++) {
    const order = encoded.map((_, i) => ({ i, key: hash(`${seed}:${epoch}:${i}`) })).sort((a, b) => a.key - b.key || a.i - b.i).map((o) => o.i)
    let wrong = 0
    let total = 0
    for (const index of order) {
      const { features, tags: labels } = encoded[index]!
      // A sequence that labels nothing of this layer (a posting's skills, for the name tagger) is no step.
      if (labels.every((g) => g < 0)) continue
      const scores = new Float64Array(features.length * width)
      features.forEach((ids, i) => {
        for (const id of ids) for (let t = 0; t < width; t++) scores[i * width + t]! += weights[id * width + t]!
      })
      const predicted = viterbi({ scores, stride: width, offset: 0, n: features.length }, transitions, ok, width)
      // Where the gold tag is unknown, the prediction stands: nothing is learnt there.
      const gold = labels.map((g, i) => (g < 0 ? predicted[i]! : g))
      total += labels.filter((g) => g >= 0).length
      const update = (array: Float64Array, sums: Float64Array, at: number, delta: number) => {
        array[at]! += delta
        sums[at]! += step * delta
      }
      for (let i = 0; i < gold.length; i++) {
        const g = gold[i]!
        const p = predicted[i]!
        const previousGold = i === 0 ? -1 : gold[i - 1]!
        const previousPredicted = i === 0 ? -1 : predicted[i - 1]!
        if (g !== p) {
          wrong++
          for (const id of features[i]!) {
            update(weights, weightSums, id * width + g, 1)
            update(weights, weightSums, id * width + p, -1)
          }
        }
        if (g !== p || previousGold !== previousPredicted) {
          update(transitions, transitionSums, (previousGold + 1) * width + g, 1)
          update(transitions, transitionSums, (previousPredicted + 1) * width + p, -1)
        }
      }
      step++
    }
    options.onEpoch?.(epoch, total === 0 ? 0 : wrong / total)
  }

  const scale = 10 ** (options.decimals ?? 3)
  const average = (value: number, sum: number) => Math.round((value - sum / step) * scale) / scale || 0
  const prune = options.prune ?? 0
  const features: Record<string, number[]> = {}
  const sortedNames = names.map((name, id) => ({ name, id })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
  for (const { name, id } of sortedNames) {
    const pairs: number[] = []
    for (let t = 0; t < width; t++) {
      const w = average(weights[id * width + t]!, weightSums[id * width + t]!)
      if (w !== 0 && Math.abs(w) >= prune) pairs.push(t, w)
    }
    if (pairs.length > 0) features[name] = pairs
  }
  return { tags, transitions: Array.from(transitions, (w, i) => average(w, transitionSums[i]!)), features }
}
