// The part of vitest's API that chess.js's own tests use (test, it, describe,
// beforeEach, test.each, expect and its matchers), over node:test and node:assert, so
// that the vendored suite runs under `node --test`.
import assert from 'node:assert/strict'
import * as node from 'node:test'
import { isDeepStrictEqual } from 'node:util'

let prefix = ''
const befores = []

// Tests register under the name of the file they come from.
export function setFile(name) {
  prefix = name
  befores.length = 0
}

function wrap(fn) {
  const hooks = [...befores]
  return async () => {
    for (const hook of hooks) await hook()
    await fn()
  }
}

export function test(name, fn) {
  node.test(`${prefix} › ${name}`, wrap(fn))
}

export const it = test

export function describe(name, fn) {
  const outer = prefix
  const hooks = befores.length
  prefix = `${outer} › ${name}`
  fn()
  prefix = outer
  befores.length = hooks
}

export function beforeEach(fn) {
  befores.push(fn)
}

// `$name` and `$#` in the title, as vitest formats them for objects.
test.each = (table) => (title, fn) => {
  table.forEach((row, i) => {
    const name = title
      .replace(/\$#/g, String(i))
      .replace(/\$([a-zA-Z_]\w*)/g, (_, key) => String(row?.[key]))
    test(name, () => fn(row))
  })
}
it.each = test.each

// vitest's toEqual: own enumerable properties, those holding undefined ignored, types
// and prototypes not compared.
function equals(a, b) {
  if (Object.is(a, b)) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  if (Array.isArray(a)) {
    return a.length === b.length && a.every((x, i) => equals(x, b[i]))
  }
  if (a instanceof Map || b instanceof Map) return isDeepStrictEqual(a, b)
  const keys = (o) => Object.keys(o).filter((k) => o[k] !== undefined)
  const ka = keys(a)
  const kb = keys(b)
  return ka.length === kb.length && ka.every((k) => Object.hasOwn(b, k) && equals(a[k], b[k]))
}

// toMatchObject: every property of `expected` present and matching in `actual`.
function matches(actual, expected) {
  if (typeof expected !== 'object' || expected === null) return equals(actual, expected)
  if (typeof actual !== 'object' || actual === null) return false
  if (Array.isArray(expected)) {
    return (
      Array.isArray(actual) &&
      actual.length === expected.length &&
      expected.every((x, i) => matches(actual[i], x))
    )
  }
  return Object.keys(expected).every((k) => k in actual && matches(actual[k], expected[k]))
}

function thrown(fn) {
  try {
    fn()
  } catch (error) {
    return { error }
  }
  return null
}

function throwsLike(result, expected) {
  if (!result) return false
  if (expected === undefined) return true
  const message = result.error?.message ?? String(result.error)
  if (typeof expected === 'string') return message.includes(expected)
  if (expected instanceof RegExp) return expected.test(message)
  if (typeof expected === 'function') return result.error instanceof expected
  if (expected instanceof Error) return message === expected.message
  return false
}

function show(value) {
  try {
    return JSON.stringify(value, (_, v) => (typeof v === 'bigint' ? `${v}n` : v))
  } catch {
    return String(value)
  }
}

function matchers(actual, negated) {
  const check = (pass, what) => {
    if (pass === negated) {
      assert.fail(`expected ${show(actual)} ${negated ? 'not ' : ''}${what}`)
    }
  }
  return {
    toBe: (expected) => check(Object.is(actual, expected), `to be ${show(expected)}`),
    toEqual: (expected) => check(equals(actual, expected), `to equal ${show(expected)}`),
    toStrictEqual: (expected) => check(isDeepStrictEqual(actual, expected), `to strictly equal ${show(expected)}`),
    toMatchObject: (expected) => check(matches(actual, expected), `to match ${show(expected)}`),
    toBeNull: () => check(actual === null, 'to be null'),
    toBeUndefined: () => check(actual === undefined, 'to be undefined'),
    toBeDefined: () => check(actual !== undefined, 'to be defined'),
    toBeTruthy: () => check(Boolean(actual), 'to be truthy'),
    toBeFalsy: () => check(!actual, 'to be falsy'),
    toContain: (item) => check(actual.includes(item), `to contain ${show(item)}`),
    toHaveLength: (n) => check(actual.length === n, `to have length ${n}`),
    toThrow: (expected) => check(throwsLike(thrown(actual), expected), `to throw ${show(expected) ?? ''}`),
    toThrowError: (expected) => check(throwsLike(thrown(actual), expected), `to throw ${show(expected) ?? ''}`),
  }
}

// chai's `members` (vitest's `expect(…).to.have.members`): the same items in any order,
// compared with === or, `deep`, as toEqual compares.
function members(actual, expected, same) {
  if (!Array.isArray(actual) || actual.length !== expected.length) return false
  const left = [...actual]
  return expected.every((item) => {
    const i = left.findIndex((x) => same(x, item))
    return i >= 0 && left.splice(i, 1)
  })
}

export function expect(actual) {
  const check = (pass, expected) => {
    if (!pass) assert.fail(`expected ${show(actual)} to have the members ${show(expected)}`)
  }
  const have = {
    members: (expected) => check(members(actual, expected, Object.is), expected),
    deep: { members: (expected) => check(members(actual, expected, equals), expected) },
  }
  return { ...matchers(actual, false), not: matchers(actual, true), to: { have } }
}
