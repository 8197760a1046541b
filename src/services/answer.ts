import { HttpError } from '../http/request.ts';
import { objectMessage, v } from '../app/section.ts';

/**
 * Server answers are checked with valibot schemas, as configuration sections are (src/app/section.ts):
 * a service reads a typed value or fails with a MalformedAnswer that names where the answer went wrong
 * (`data[0].ewt: must be a number`), never with a TypeError deep in a view. It is an HttpError of kind
 * 'malformed', as an answer that is not JSON at all.
 */
export class MalformedAnswer extends HttpError {
  constructor(
    /** What was being read: 'The wait-time answer'. */
    readonly what: string,
    /** Where in the answer: `data[0].ewt` ('' for the answer itself). */
    readonly path: string,
    readonly problem: string,
  ) {
    super('malformed', `${what} is malformed${path ? ` at ${path}` : ''}: ${problem}`);
    this.name = 'MalformedAnswer';
  }
}

/** The path of a valibot issue under `at`, as `data[0].ewt`. */
function pathOf(issue: v.BaseIssue<unknown>, at: string): string {
  let out = at;
  for (const step of issue.path ?? []) out += typeof step.key === 'number' ? `[${step.key}]` : `${out ? '.' : ''}${String(step.key)}`;
  return out;
}

/** `body` read with `schema`, or a MalformedAnswer naming the first problem (its path under `at`, when the body is a part of the answer). */
export function readAnswer<S extends v.GenericSchema>(what: string, body: unknown, schema: S, at = ''): v.InferOutput<S> {
  const result = v.safeParse(schema, body);
  if (result.success) return result.output;
  const issue = result.issues[0];
  throw new MalformedAnswer(what, pathOf(issue, at), issue.message);
}

export { objectMessage, v };
