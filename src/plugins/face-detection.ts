import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import sharp from 'sharp'
import { ApiError } from '../errors/api-error.js'
import type { ExtractedImage } from '../intake/index.js'
import { intakeLimits } from '../config.js'

/** Where a face is in an image, in pixels. */
export interface FaceBox {
  x: number
  y: number
  width: number
  height: number
}

/** The cropped face, ready for the response's FaceImage. */
export interface FaceImage {
  data: Uint8Array
  type: 'jpg'
  box: FaceBox
}

// The subset of opencv.js used here; the package's own types cover the whole library loosely.
interface OpenCv {
  Mat: new (rows: number, cols: number, type: number) => { data: Uint8Array; delete(): void }
  RectVector: new () => { size(): number; get(i: number): FaceBox; delete(): void }
  IntVector: new () => { size(): number; get(i: number): number; delete(): void }
  Size: new (width: number, height: number) => unknown
  CascadeClassifier: new () => { load(path: string): boolean; detectMultiScale2(...args: unknown[]): void }
  CV_8UC1: number
  equalizeHist(src: unknown, dst: unknown): void
  FS_createDataFile(parent: string, name: string, data: Uint8Array, read: boolean, write: boolean, own: boolean): void
  onRuntimeInitialized?: () => void
}

let detector: Promise<{ cv: OpenCv; cascade: InstanceType<OpenCv['CascadeClassifier']> }> | undefined

/**
 * OpenCV's Haar cascade (Debian opencv-data; the "alt2" frontal face model, which in our tests gives
 * fewer false positives than the default one) run by opencv.js in WebAssembly: no model is fetched.
 * Loaded once, on first use: loading costs more than a detection.
 */
function loadDetector(): Promise<{ cv: OpenCv; cascade: InstanceType<OpenCv['CascadeClassifier']> }> {
  const cascadePath = intakeLimits().faceCascadePath
  if (!existsSync(cascadePath)) throw new ApiError(1033, `the face model ${cascadePath} is not installed (Debian opencv-data)`)
  detector ??= new Promise((resolve) => {
    const module = createRequire(import.meta.url)('@techstark/opencv-js') as OpenCv
    // The module is a thenable that never settles: hand it on wrapped, never resolve with it directly.
    const ready = () => {
      module.FS_createDataFile('/', 'face.xml', new Uint8Array(readFileSync(cascadePath)), true, false, false)
      const cascade = new module.CascadeClassifier()
      cascade.load('face.xml')
      resolve({ cv: module, cascade })
    }
    if ('Mat' in module && typeof module.Mat === 'function') ready()
    else module.onRuntimeInitialized = ready
  })
  return detector
}

/**
 * The clearest face in the first image that has one, cropped with a margin (head and a little shoulder, as a
 * resume photo is framed) and encoded as JPEG; undefined when no image shows a face.
 *
 * @example
 *   const face = await findFace(extracted.images) // { data, type: 'jpg', box }
 */
export async function findFace(images: ExtractedImage[]): Promise<FaceImage | undefined> {
  const { cv, cascade } = await loadDetector()
  for (const image of images) {
    let gray: { data: Buffer; info: { width: number; height: number } }
    let full: { width?: number; height?: number }
    try {
      const meta = await sharp(image.data).metadata()
      // EXIF orientations 5-8 turn the picture a quarter: width and height swap once rotated.
      full = (meta.orientation ?? 1) >= 5 ? { width: meta.height, height: meta.width } : meta
      // Detection on at most 800 px a side: a face stays findable and a 12 MP photo costs no seconds.
      gray = await sharp(image.data).rotate().resize(800, 800, { fit: 'inside', withoutEnlargement: true }).greyscale().raw().toBuffer({ resolveWithObject: true })
    } catch {
      continue // An embedded picture sharp cannot decode is no photo of anyone.
    }
    const found = largestFace(cv, cascade, gray.data, gray.info.width, gray.info.height)
    if (!found || !full.width || !full.height) continue
    const scale = full.width / gray.info.width
    const box = { x: Math.round(found.x * scale), y: Math.round(found.y * scale), width: Math.round(found.width * scale), height: Math.round(found.height * scale) }
    const margin = Math.round(box.width * 0.35)
    const left = Math.max(0, box.x - margin)
    const top = Math.max(0, box.y - margin)
    const crop = {
      left,
      top,
      width: Math.min(full.width - left, box.width + 2 * margin),
      height: Math.min(full.height - top, box.height + 2 * margin),
    }
    const data = await sharp(image.data).rotate().extract(crop).jpeg({ quality: 90 }).toBuffer()
    return { data: new Uint8Array(data), type: 'jpg', box }
  }
  return undefined
}

function largestFace(cv: OpenCv, cascade: InstanceType<OpenCv['CascadeClassifier']>, pixels: Buffer, width: number, height: number): FaceBox | undefined {
  // A face under a fourteenth of the shorter side is a crowd in the background, not the candidate.
  const minSide = Math.max(24, Math.round(Math.min(width, height) / 14))
  if (width < minSide || height < minSide) return undefined
  const mat = new cv.Mat(height, width, cv.CV_8UC1)
  const faces = new cv.RectVector()
  const votes = new cv.IntVector()
  try {
    mat.data.set(pixels)
    cv.equalizeHist(mat, mat)
    cascade.detectMultiScale2(mat, faces, votes, 1.1, 5, 0, new cv.Size(minSide, minSide))
    // The detection most neighbouring windows agree on is the face; a false positive gathers few.
    let best: (FaceBox & { votes: number }) | undefined
    for (let i = 0; i < faces.size(); i++) {
      const face = faces.get(i)
      const count = votes.get(i)
      if (!best || count > best.votes || (count === best.votes && face.width > best.width)) best = { x: face.x, y: face.y, width: face.width, height: face.height, votes: count }
    }
    return best && { x: best.x, y: best.y, width: best.width, height: best.height }
  } finally {
    mat.delete()
    faces.delete()
    votes.delete()
  }
}
