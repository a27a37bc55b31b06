import type { AgreeAll, Agrees } from './agrees.js';

/**
 * Type-level cases of Agrees, checked by `npm run typecheck`: each
 * `@ts-expect-error` line must fail to compile, each other line must compile.
 */
class ItemDto {
  id!: string;
  status!: string;
  dice!: number[] | null;
  note?: string;
}

interface ItemView {
  readonly id: string;
  readonly status: 'open' | 'closed';
  readonly dice: readonly [1 | 2, 1 | 2] | null;
  readonly note?: string;
}

type Same = AgreeAll<[Agrees<ItemDto, ItemView>, Agrees<{ a: ItemDto[] }, { readonly a: readonly ItemView[] }>]>;

// @ts-expect-error a field in the view only
type ViewHasMore = AgreeAll<[Agrees<ItemDto, ItemView & { readonly extra: number }>]>;

// @ts-expect-error a field in the schema class only
type DtoHasMore = AgreeAll<[Agrees<ItemDto & { extra: number }, ItemView>]>;

// @ts-expect-error an optional field in the view only
type ViewHasOptional = AgreeAll<[Agrees<ItemDto, ItemView & { readonly extra?: number }>]>;

type NumberedItemView = Omit<ItemView, 'id'> & { readonly id: number };

// @ts-expect-error a field of another kind, deep inside
type DeepKind = AgreeAll<[Agrees<{ a: ItemDto[] }, { readonly a: readonly NumberedItemView[] }>]>;

// @ts-expect-error null allowed on one side only
type Nullable = AgreeAll<[Agrees<{ a: string | null }, { readonly a: string }>]>;

describe('Agrees', () => {
  it('is a compile-time check: this file compiles only if its cases hold', () => {
    const cases: Array<Same | ViewHasMore | DtoHasMore | ViewHasOptional | DeepKind | Nullable> = [];
    expect(cases).toEqual([]);
  });
});
