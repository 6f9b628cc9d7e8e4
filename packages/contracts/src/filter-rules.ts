import {
  FILTER_FIELD_DEFS,
  FILTER_LIMITS,
  type ChoicesField,
  type DateField,
  type FilterField,
  type FlagField,
  type NamesField,
  type NumericField,
  type PostKind,
  type TextField,
} from './filter-fields.ts';

/** Numeric values must fit the corpus's 32-bit integer columns on both databases. */
const INT_MAX = 2_147_483_647;

export type NumericOperator = 'between' | '>' | '>=' | '<' | '<=' | '=';
export type KeywordRule = {
  field: 'keyword';
  operator: 'keyword_contains' | 'does_not_contain';
  value: string;
};
export type RegexRule = { field: 'regex'; operator: 'regex_matches' | 'regex_not_matches'; value: string };
export type NumericRule =
  | { field: NumericField; operator: 'between'; value: [number | null, number | null] }
  | { field: NumericField; operator: Exclude<NumericOperator, 'between'>; value: number };
/** Dates as given: `YYYY-MM-DD` (a whole UTC day) or a date-time normalised to `YYYY-MM-DDTHH:mm:ssZ`. */
export type DateRule =
  | { field: DateField; operator: 'between'; value: [string | null, string | null] }
  | { field: DateField; operator: '>=' | '<='; value: string };
export type FlagRule = { field: FlagField; operator: '='; value: boolean };
/** Names lower-cased (ASCII), without their r/ or u/, deduplicated. */
export type NamesRule = { field: NamesField; operator: 'in' | 'not_in'; value: string[] };
export type ChoicesRule = { field: ChoicesField; operator: 'in' | 'not_in'; value: PostKind[] };
export type TextRule = { field: TextField; operator: 'contains' | 'does_not_contain'; value: string };
export type FilterRule =
  KeywordRule | RegexRule | NumericRule | DateRule | FlagRule | NamesRule | ChoicesRule | TextRule;

/** Lower-cases A–Z only: how names and flairs compare, the same in SQL on both databases and in the evaluator. */
export const asciiLower = (text: string) => text.replace(/[A-Z]/g, (c) => c.toLowerCase());

export type Parsed<T> = T | { error: string };
export const isError = <T>(v: Parsed<T>): v is { error: string } =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && 'error' in v;

function parseInteger(raw: unknown): Parsed<number | null> {
  if (raw === null || raw === undefined || (typeof raw === 'string' && raw.trim() === '')) return null;
  const n =
    typeof raw === 'number'
      ? raw
      : typeof raw === 'string' && /^\s*[+-]?\d+\s*$/.test(raw)
        ? Number(raw)
        : NaN;
  if (!Number.isInteger(n)) return { error: `${JSON.stringify(raw)} is not a whole number.` };
  if (Math.abs(n) > INT_MAX) return { error: `${JSON.stringify(raw)} is out of range.` };
  return n;
}

/** A range as [min, max] (numbers, numeric strings, null/'' for unbounded) or a "100-500" / "100,500" string. */
function parseRange(raw: unknown): Parsed<[number | null, number | null]> | undefined {
  let parts: unknown[] | undefined;
  if (Array.isArray(raw) && raw.length === 2) parts = raw;
  else if (typeof raw === 'string') {
    const match = /^\s*(\d*)\s*[-,]\s*(\d*)\s*$/.exec(raw);
    if (match) parts = [match[1], match[2]];
  }
  if (!parts) return undefined;
  const [min, max] = parts.map(parseInteger);
  if (isError(min)) return min;
  if (isError(max)) return max;
  if (min != null && max != null && min > max)
    return { error: `the minimum ${min} is greater than the maximum ${max}.` };
  return [min ?? null, max ?? null];
}

function parseNumeric(field: NumericField, operator: string, value: unknown): Parsed<NumericRule> {
  if (operator === 'between' || operator === 'greater than') {
    const range = parseRange(value);
    if (range === undefined && operator === 'greater than') return parseNumeric(field, '>', value);
    if (range === undefined) return { error: 'operator "between" takes a range [min, max].' };
    return isError(range) ? range : { field, operator: 'between', value: range };
  }
  if (operator === '>' || operator === '>=' || operator === '<' || operator === '<=' || operator === '=') {
    const n = parseInteger(value);
    if (n === null || Array.isArray(value))
      return { error: `operator "${operator}" takes one whole number.` };
    return isError(n) ? n : { field, operator, value: n };
  }
  return { error: 'unknown operator' };
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/** A date or date-time as the canonical string, or an error naming what is wrong. */
function parseDateValue(raw: unknown): Parsed<string | null> {
  if (raw === null || raw === undefined || (typeof raw === 'string' && raw.trim() === '')) return null;
  if (typeof raw !== 'string') return { error: `${JSON.stringify(raw)} is not a date (use YYYY-MM-DD).` };
  const text = raw.trim();
  const day = DATE.exec(text);
  if (day) {
    const [, y, m, d] = day.map(Number) as [number, number, number, number];
    const date = new Date(Date.UTC(y, m - 1, d));
    if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d)
      return { error: `"${text}" is not a date on the calendar.` };
    return text;
  }
  const time = DATE_TIME.exec(text);
  if (!time) return { error: `"${text}" is not a date (use YYYY-MM-DD or an ISO-8601 date-time).` };
  const zone = time[7] ?? 'Z';
  const iso = `${time[1]}-${time[2]}-${time[3]}T${time[4]}:${time[5]}:${time[6] ?? '00'}${zone.toUpperCase()}`;
  const epoch = Date.parse(iso.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
  if (Number.isNaN(epoch)) return { error: `"${text}" is not a date-time on the calendar.` };
  return `${new Date(epoch).toISOString().slice(0, 19)}Z`;
}

/**
 * The epoch second a date bound stands for: a whole day starts at 00:00:00 UTC as a lower bound and ends at
 * 23:59:59 UTC as an upper bound (inclusive); a date-time is its own second.
 */
export function dateBoundToEpoch(value: string, side: 'from' | 'to'): number {
  const start = Math.floor(Date.parse(DATE.test(value) ? `${value}T00:00:00Z` : value) / 1000);
  return DATE.test(value) && side === 'to' ? start + 86_399 : start;
}

function parseDate(field: DateField, operator: string, value: unknown): Parsed<DateRule> {
  if (operator === 'between') {
    if (!Array.isArray(value) || value.length !== 2) return { error: 'operator "between" takes [from, to].' };
    const [from, to] = value.map(parseDateValue);
    if (isError(from)) return from;
    if (isError(to)) return to;
    if (from != null && to != null && dateBoundToEpoch(to, 'to') < dateBoundToEpoch(from, 'from'))
      return { error: `the end ${to} is before the start ${from}.` };
    return { field, operator, value: [from ?? null, to ?? null] };
  }
  if (operator === '>=' || operator === '<=') {
    const date = parseDateValue(value);
    if (date === null) return { error: `operator "${operator}" takes a date.` };
    return isError(date) ? date : { field, operator, value: date };
  }
  return { error: 'unknown operator' };
}

function parseFlag(field: FlagField, operator: string, value: unknown): Parsed<FlagRule> {
  if (operator !== '=') return { error: 'unknown operator' };
  if (value === true || value === 'true') return { field, operator, value: true };
  if (value === false || value === 'false') return { field, operator, value: false };
  return { error: 'the value must be true or false.' };
}

/** A list of names: an array, or one string with commas or spaces between the names. */
function listOf(value: unknown): unknown[] | undefined {
  if (Array.isArray(value)) return value;
  if (typeof value === 'string') return value.split(/[\s,]+/).filter(Boolean);
  return undefined;
}

function parseNames(field: NamesField, operator: string, value: unknown): Parsed<NamesRule> {
  if (operator !== 'in' && operator !== 'not_in') return { error: 'unknown operator' };
  const list = listOf(value);
  if (!list) return { error: 'the value must be a list of names.' };
  const prefix = FILTER_FIELD_DEFS[field].prefix;
  const names: string[] = [];
  for (const item of list) {
    if (typeof item !== 'string') return { error: 'every name must be text.' };
    let name = item.trim();
    if (prefix && asciiLower(name).startsWith(prefix)) name = name.slice(prefix.length);
    if (prefix && asciiLower(name).startsWith(`/${prefix}`)) name = name.slice(prefix.length + 1);
    if (name === '') continue;
    if (name.length > FILTER_LIMITS.nameMaxLength)
      return { error: `"${name.slice(0, 40)}…" is longer than ${FILTER_LIMITS.nameMaxLength} characters.` };
    if (/[\s,]/.test(name)) return { error: `"${name}" is not a name.` };
    names.push(asciiLower(name));
  }
  const unique = [...new Set(names)];
  if (unique.length === 0) return { error: 'add at least one name.' };
  if (unique.length > FILTER_LIMITS.maxNames)
    return { error: `the list has ${unique.length} names; at most ${FILTER_LIMITS.maxNames} are allowed.` };
  return { field, operator, value: unique };
}

function parseChoices(field: ChoicesField, operator: string, value: unknown): Parsed<ChoicesRule> {
  if (operator !== 'in' && operator !== 'not_in') return { error: 'unknown operator' };
  const list = listOf(value);
  if (!list) return { error: 'the value must be a list.' };
  const choices = FILTER_FIELD_DEFS[field].choices as readonly string[];
  const picked = new Set<string>();
  for (const item of list) {
    const choice = typeof item === 'string' ? asciiLower(item.trim()) : item;
    if (typeof choice !== 'string' || !choices.includes(choice))
      return { error: `${JSON.stringify(item)} is not one of ${choices.join(', ')}.` };
    picked.add(choice);
  }
  if (picked.size === 0) return { error: `choose at least one of ${choices.join(', ')}.` };
  return { field, operator, value: choices.filter((c) => picked.has(c)) as PostKind[] };
}

function parseText(field: TextField, operator: string, value: unknown): Parsed<TextRule> {
  if (operator !== 'contains' && operator !== 'does_not_contain') return { error: 'unknown operator' };
  if (typeof value !== 'string') return { error: 'the value must be text.' };
  const text = value.trim();
  if (text === '') return { error: 'enter some text.' };
  if (text.length > FILTER_LIMITS.textMaxLength)
    return { error: `the text has more than ${FILTER_LIMITS.textMaxLength} characters.` };
  return { field, operator, value: text };
}

function parseKeyword(operator: string, value: unknown): Parsed<KeywordRule> {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string') return { error: 'the value must be text.' };
  const op = operator === '=' || operator === 'equals' ? 'keyword_contains' : operator;
  if (op !== 'keyword_contains' && op !== 'does_not_contain') return { error: 'unknown operator' };
  if (!/[\p{L}\p{N}]/u.test(text.normalize('NFKC'))) return { error: 'enter at least one word.' };
  if (text.length > FILTER_LIMITS.keywordMaxLength)
    return { error: `the text has more than ${FILTER_LIMITS.keywordMaxLength} characters.` };
  return { field: 'keyword', operator: op, value: text.trim() };
}

function parseRegex(
  operator: string,
  value: unknown,
  regexError?: (pattern: string) => string | undefined,
): Parsed<RegexRule> {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string') return { error: 'the value must be text.' };
  if (operator !== 'regex_matches' && operator !== 'regex_not_matches') return { error: 'unknown operator' };
  if (text === '') return { error: 'enter a pattern.' };
  if (text.length > FILTER_LIMITS.regexMaxLength)
    return { error: `the pattern has more than ${FILTER_LIMITS.regexMaxLength} characters.` };
  const engineError = regexError?.(text);
  if (engineError) return { error: `invalid pattern: ${engineError}` };
  return { field: 'regex', operator, value: text };
}

/**
 * One rule's operator (already trimmed and lower-cased) and value, parsed by its field's kind into the canonical
 * rule; `{error: 'unknown operator'}` lets the caller name the operator as it was sent.
 */
export function parseRuleValue(
  field: FilterField,
  operator: string,
  value: unknown,
  regexError?: (pattern: string) => string | undefined,
): Parsed<FilterRule> {
  const def = FILTER_FIELD_DEFS[field];
  switch (def.kind) {
    case 'keyword':
      return parseKeyword(operator, value);
    case 'regex':
      return parseRegex(operator, value, regexError);
    case 'number':
      return parseNumeric(field as NumericField, operator, value);
    case 'date':
      return parseDate(field as DateField, operator, value);
    case 'flag':
      return parseFlag(field as FlagField, operator, value);
    case 'names':
      return parseNames(field as NamesField, operator, value);
    case 'choices':
      return parseChoices(field as ChoicesField, operator, value);
    case 'text':
      return parseText(field as TextField, operator, value);
  }
}

const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** A rule as the SQL-like query_string shows it: `subreddit IN ('science')`, `created BETWEEN '…' AND '…'`. */
export function describeRule(rule: FilterRule): string {
  switch (rule.operator) {
    case 'keyword_contains':
      return `keyword CONTAINS ${quote(rule.value)}`;
    case 'does_not_contain':
      return `${rule.field} NOT CONTAINS ${quote(rule.value)}`;
    case 'contains':
      return `${rule.field} CONTAINS ${quote(rule.value)}`;
    case 'regex_matches':
      return `regex MATCHES ${quote(rule.value)}`;
    case 'regex_not_matches':
      return `regex NOT MATCHES ${quote(rule.value)}`;
    case 'in':
    case 'not_in':
      return `${rule.field} ${rule.operator === 'in' ? 'IN' : 'NOT IN'} (${rule.value.map(quote).join(', ')})`;
    case 'between': {
      const [min, max] = rule.value;
      const show = (v: number | string) => (typeof v === 'string' ? quote(v) : String(v));
      if (min !== null && max !== null) return `${rule.field} BETWEEN ${show(min)} AND ${show(max)}`;
      if (min !== null) return `${rule.field} >= ${show(min)}`;
      if (max !== null) return `${rule.field} <= ${show(max)}`;
      return `${rule.field} IS ANY`;
    }
    default:
      return `${rule.field} ${rule.operator} ${typeof rule.value === 'string' ? quote(rule.value) : String(rule.value)}`;
  }
}
