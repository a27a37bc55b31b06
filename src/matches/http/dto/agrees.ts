/**
 * Compile-time checks that an OpenAPI schema class documents the shape an
 * endpoint answers with (view/): the same fields at every depth, each with a
 * value of the same kind. The DTO files state `AgreeAll<[Agrees<Dto, View>,
 * ...]>`; `npm run typecheck` fails when a field is added to, removed from or
 * retyped on one side only. Lists of names (statuses, actions) agree by
 * construction: both sides take them from the same constants.
 *
 * What is compared is the plain JSON kind: literals count as their primitive
 * (an `enum` documents a string field), tuples as arrays, and `readonly` and
 * optionality are dropped (a request DTO reused in an answer keeps its
 * optional fields).
 */

/** A shape as its JSON kind: literals widened, tuples as arrays, no `readonly`, no `?`, at every depth. */
export type Plain<T> = T extends string
  ? string
  : T extends number
    ? number
    : T extends boolean
      ? boolean
      : T extends null | undefined
        ? T
        : T extends readonly (infer E)[]
          ? Plain<E>[]
          : { -readonly [K in keyof T]-?: Plain<T[K]> };

/** Whether A and B are the same type (not merely assignable one to the other). */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/**
 * `true` when the schema class `Dto` documents the view shape `View`;
 * otherwise what differs: the top-level fields on one side only, and both
 * shapes in full.
 */
export type Agrees<Dto, View> =
  Same<Plain<Dto>, Plain<View>> extends true
    ? true
    : {
        readonly onlyInDto: Exclude<keyof Dto, keyof View>;
        readonly onlyInView: Exclude<keyof View, keyof Dto>;
        readonly dto: Plain<Dto>;
        readonly view: Plain<View>;
      };

/** Compiles only when every check is `true`. */
export type AgreeAll<Checks extends readonly true[]> = Checks;
