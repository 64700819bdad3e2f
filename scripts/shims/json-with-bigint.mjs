// Stands in for the `json-with-bigint` package inside our bundles (the alias
// is in scripts/bundle.mjs). @octokit/request parses every JSON answer with
// it: a reviver pass plus regular expressions over the whole text, to keep
// integers past 2^53 exact as BigInt. No field this tool reads is such an
// integer (ids are node ids and oids, strings; numbers are PR numbers and
// counts), and that parse cost more CPU than the rest of the answer's
// handling (docs/decisions.md, "JSON answers"). The plain JSON functions
// give the same values for everything GitHub sends us.
export const JSONParse = (text, reviver) => JSON.parse(text, reviver);
export const JSONStringify = (value, replacer, space) => JSON.stringify(value, replacer, space);
