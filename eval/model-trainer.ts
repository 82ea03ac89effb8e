import { fileURLToPath } from 'node:url'
import { trainingResumes } from '../bench/synthetic/training.js'
import type { LabelledDocument } from '../src/parser/model/projection.js'
import { ResumeModel, shippedModel } from '../src/parser/model/tagger.js'
import { defaultTrainOptions, train } from '../src/parser/model/train.js'
import { parseResume } from '../src/parser/resume.js'
import { vocabulary } from '../src/parser/vocab/vocabulary.js'
import { skillspanDocuments } from './convert/skillspan.js'
import { oneLineCopy } from './one-line.js'
import type { GoldDocument } from './documents.js'
import { predictedFields } from './predict.js'
import { averageModels } from './average-models.js'
import type { Predictor, Trainer } from './trainer.js'

/** How many generated resumes every model learns from besides the labelled ones, and their seed. */
export const generatedResumes = { count: 600, seed: 7 } as const

/** A gold document's labels as the entity values the model learns from (every mention of each is taken as labelled). */
export function labelledDocument({ name, text, gold }: Pick<GoldDocument, 'name' | 'text' | 'gold'>): LabelledDocument {
  return {
    name,
    text,
    values: {
      name: gold.name ? [gold.name] : [],
      title: gold.titles ?? [],
      employer: gold.employers ?? [],
      institute: gold.institutes ?? [],
      degree: gold.degrees ?? [],
      skill: gold.skills ?? [],
    },
    // The labelled sets mark some skills of a text, not all (docs/parser-model.md).
    partial: ['skill'],
  }
}

/** SkillSpan's job postings, read from outside the repository (never copied here). */
export const skillspanDir = fileURLToPath(new URL('../../shared/eval-dev/skillspan/json', import.meta.url))

/**
 * What a model is trained on: the labelled documents in their order, the generated resumes (of
 * `seed`), SkillSpan's job postings, which teach the skill tagger alone, then the labelled documents
 * again in one line, which teach every tagger but the name's (docs/parser-model.md). The copies come
 * last so that every other document keeps its place in the training order.
 */
export function trainingDocuments(labelled: readonly LabelledDocument[], seed: number = generatedResumes.seed, postings: readonly LabelledDocument[] = skillspanDocuments(skillspanDir)): LabelledDocument[] {
  return [...labelled, ...trainingResumes(generatedResumes.count, seed), ...postings, ...labelled.map(oneLineCopy)]
}

const predictorOf = (model: ResumeModel | null): Predictor => ({
  predict: ({ name, text, now }) => predictedFields(parseResume(text, { fileName: `${name}.txt`, model, ...(now ? { now } : {}) })),
})

/**
 * The parser with a model trained on the given documents and the generated resumes, as `npm run
 * train:parser` trains it; another seed draws other generated resumes, to see how much a figure owes
 * to the particular ones drawn. Several seeds train a model per draw and average them (average-models.ts).
 */
export function modelTrainerWith(generatedSeeds: number | readonly number[] = generatedResumes.seed): Trainer {
  const seeds = typeof generatedSeeds === 'number' ? [generatedSeeds] : generatedSeeds
  return {
    name: 'model',
    train: async (documents) => {
      const labelled = documents.map(labelledDocument)
      const models = seeds.map((seed) => train(trainingDocuments(labelled, seed), vocabulary(), defaultTrainOptions))
      return predictorOf(new ResumeModel(models.length === 1 ? models[0]! : averageModels(models)))
    },
  }
}

export const modelTrainer: Trainer = modelTrainerWith()

/**
 * The parser with the shipped weights, whatever it is given to train on: for sets the shipped model
 * never saw (its training data is in NOTICE and docs/parser-model.md), never for dotin, which it saw.
 */
export const shippedTrainer: Trainer = { name: 'shipped', train: async () => predictorOf(shippedModel()) }
