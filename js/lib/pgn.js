// PGN as chess.js 1.4 reads it: tag pairs, then a main line of moves with move numbers,
// suffix annotations, NAGs, comments ({…} or ;… to the end of the line) and variations
// (read and skipped), then an optional result and its comment. Written from the grammar's
// behaviour; a text it does not read throws a SyntaxError naming where.

const SPACE = /[ \t\r\n]*/y
const TAG = /[ \t\r\n]*\[[ \t\r\n]*([a-zA-Z]+)[ \t\r\n]*"([^"]*)"[ \t\r\n]*\]/y
const MOVE_NUMBER = /[0-9]*\.[ \t\r\n]*\.*/y
const SAN = /(?:O-O-O|O-O|0-0-0|0-0|[a-zA-Z][a-zA-Z1-8\-=]+)[+#]?/y
const SUFFIX = /[!?]{1,2}/y
const NAG = /[ \t\r\n]*\$([0-9]+)/y
const BRACE = /\{([^}]*)\}/y
const REST_OF_LINE = /;([^\r\n]*)/y
const RESULT = /1-0|0-1|1\/2-1\/2|\*/y

class Reader {
  constructor(text) {
    this.text = text
    this.at = 0
  }

  // The match of a sticky pattern here, taken; null (nothing taken) if none.
  take(pattern) {
    pattern.lastIndex = this.at
    const match = pattern.exec(this.text)
    if (match) this.at = pattern.lastIndex
    return match
  }

  space() {
    this.take(SPACE)
  }

  comment() {
    const brace = this.take(BRACE)
    if (brace) return brace[1].replace(/[\r\n]+/g, ' ')
    const rest = this.take(REST_OF_LINE)
    return rest ? rest[1].trim() : null
  }

  // One move: `_ moveNumber? _ san suffix? nag* _ comment? variation*`, or null with
  // nothing taken.
  move() {
    const start = this.at
    this.space()
    this.take(MOVE_NUMBER)
    this.space()
    const san = this.take(SAN)
    if (!san) {
      this.at = start
      return null
    }
    const node = { move: san[0], variations: [] }
    const suffix = this.take(SUFFIX)
    if (suffix) node.suffix = suffix[0]
    const nags = []
    for (let nag; (nag = this.take(NAG)); ) nags.push(nag[1])
    if (nags.length) node.nag = nags
    this.space()
    const comment = this.comment()
    if (comment !== null) node.comment = comment
    for (let line; (line = this.variation()); ) node.variations.push(line)
    return node
  }

  // `_ '(' line _ ')'`, or null with nothing taken.
  variation() {
    const start = this.at
    this.space()
    if (this.text[this.at] !== '(') {
      this.at = start
      return null
    }
    this.at++
    const line = this.line()
    this.space()
    if (this.text[this.at] !== ')') {
      this.at = start
      return null
    }
    this.at++
    return line
  }

  // `comment? move*`: the root of the line, its moves chained through variations[0].
  line() {
    const comment = this.comment()
    const root = comment !== null ? { comment, variations: [] } : { variations: [] }
    let parent = root
    for (let child; (child = this.move()); ) {
      parent.variations = [child, ...child.variations]
      child.variations = []
      parent = child
    }
    return root
  }
}

function excerpt(text, at) {
  return at >= text.length ? 'end of input' : JSON.stringify(text.slice(at, at + 20))
}

// { headers, root, result } of `text`, as chess.js's parser gives them.
export function parsePgn(text) {
  const reader = new Reader(text)
  const headers = {}
  for (let tag; (tag = reader.take(TAG)); ) headers[tag[1]] = tag[2]
  reader.space()
  const root = reader.line()
  reader.space()
  let marker = null
  const result = reader.take(RESULT)
  if (result) {
    reader.space()
    marker = { result: result[0], comment: reader.comment() }
  }
  reader.space()
  if (reader.at !== text.length) {
    throw new SyntaxError(
      `Invalid PGN: cannot read ${excerpt(text, reader.at)} at offset ${reader.at}`,
    )
  }
  if (marker && marker.comment) {
    let node = root
    while (node.variations[0]) node = node.variations[0]
    node.comment = marker.comment
  }
  return { headers, root, result: marker?.result ?? undefined }
}
