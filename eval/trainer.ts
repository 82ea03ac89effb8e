import { parseResume } from '../src/parser/resume.js'
import type { GoldDocument } from './documents.js'
import { modelTrainer, shippedTrainer } from './model-trainer.js'
import { predictedFields, type Predicted } from './predict.js'

/**
 * The seam between the parser harness and whatever it measures. A trainer learns from labelled
 * documents and returns a predictor; the predictor sees a document's text and never its labels.
 * Cross-validation (cross-validation.ts) trains one predictor per fold on the other folds and scores
 * it on the held-out fold only, so a trained model plugs in here and is never scored on a document
 * it saw.
 *
 * @example
 *   const predictor = await rulesTrainer.train(trainingDocuments)
 *   const predicted = await predictor.predict({ name: 'cv-1', text: 'Anna Nowak\n...' })
 */
export interface Trainer {
  /** Its name on the command line (`eval:parse -- DIR --trainer NAME`). */
  readonly name: string
  train(documents: readonly GoldDocument[]): Promise<Predictor>
}

export interface Predictor {
  predict(document: PredictorInput): Predicted | Promise<Predicted>
}

/** What a predictor is given: the text, and the day "present" meant (the gold file's `asOf`), no labels. */
export interface PredictorInput {
  name: string
  text: string
  now?: Date
}

/** The input of a gold document: its labels stay with the harness. */
export function predictorInput({ name, text, gold }: GoldDocument): PredictorInput {
  return { name, text, ...(gold.asOf ? { now: new Date(`${gold.asOf}T00:00:00Z`) } : {}) }
}

/** The parser's rules and vocabularies without the model: nothing learnt, so training returns it unchanged. */
export const rulesPredictor: Predictor = {
  predict: ({ name, text, now }) => predictedFields(parseResume(text, { fileName: `${name}.txt`, model: null, ...(now ? { now } : {}) })),
}

export const rulesTrainer: Trainer = { name: 'rules', train: async () => rulesPredictor }

/** The trainers `eval:parse --trainer` knows: the rules alone, the parser's model trained on the set, the shipped model. */
export const trainers: Record<string, Trainer> = Object.fromEntries([rulesTrainer, modelTrainer, shippedTrainer].map((t) => [t.name, t]))
