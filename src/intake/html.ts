import { HTMLElement, Node, NodeType, parse } from 'node-html-parser'
import { cleanText } from './clean-text.js'
import { decodeText } from './decode-text.js'
import { estimatePages, type ExtractedDocument } from './types.js'

const dropped = new Set(['script', 'style', 'noscript', 'template', 'head', 'svg', 'iframe', 'object', 'title'])
const blocks = new Set([
  'p', 'div', 'section', 'article', 'header', 'footer', 'main', 'aside', 'nav', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
  'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'table', 'tr', 'blockquote', 'address', 'center', 'form', 'fieldset', 'hr', 'body',
])

/**
 * HTML: scripts, styles and the head dropped, entities decoded, whitespace collapsed as a browser does,
 * one line per block, tabs between table cells. The charset comes from a BOM, then `<meta charset>` or
 * `http-equiv`, then the same guess as plain text.
 */
export function extractHtml(bytes: Uint8Array): Omit<ExtractedDocument, 'format'> {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 4096)).toString('latin1')
  const declared = /<meta[^>]+charset\s*=\s*["']?([\w-]+)/i.exec(head)?.[1]
  const { text: html } = decodeText(bytes, declared)
  const root = parse(html.replace(/<!doctype[^>]*>/i, ''), { comment: false, blockTextElements: { pre: true } })
  const out: string[] = []
  walk(root, out)
  // Blocks nest (a div around paragraphs): one line break between blocks, not one per level.
  const text = cleanText(out.join('').replace(/[ ]*\n[ ]*/g, '\n').replace(/\n+/g, '\n'))
  return { text, pageCount: estimatePages(text), images: [], warnings: ['page count estimated: HTML has no pages'] }
}

function walk(node: Node, out: string[]): void {
  if (node.nodeType === NodeType.TEXT_NODE) {
    out.push(node.text.replace(/\s+/g, ' '))
    return
  }
  if (!(node instanceof HTMLElement)) return
  const tag = node.rawTagName?.toLowerCase() ?? ''
  if (dropped.has(tag)) return
  if (tag === 'br') return void out.push('\n')
  if (tag === 'pre') return void out.push('\n', node.text, '\n')
  const block = blocks.has(tag)
  if (block) out.push('\n')
  for (const child of node.childNodes) walk(child, out)
  if (tag === 'td' || tag === 'th') out.push('\t')
  if (block) out.push('\n')
}
