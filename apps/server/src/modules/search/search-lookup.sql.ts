import type { Placeholder, SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { searchLexemes } from '../../db/schema';
import type { TLookup } from './search-query';

/** A prefix that starts more indexed words than this stays a prefix (ADR 0024). */
export const MAX_EXPANSIONS = 16;

/** A lexeme as a quoted tsquery item, in SQL: `quoteLexeme` of search-text. */
function quotedLexeme(value: SQL): SQL {
  return sql`('''' || replace(replace(${value}, '\\', '\\\\'), '''', '''''') || '''')`;
}

/** The lookup of a search as the one parameter `lookupQuery` takes: [part, prefix] pairs. */
export function lookupParam(lookup: TLookup): string {
  return JSON.stringify(lookup.parts.map((part, i) => [part, lookup.prefixes[i] ?? null]));
}

/**
 * The tsquery a search matches with, built inside the search statement
 * (ADR 0026): each prefix slot of the lookup (`buildLookup`) is filled from
 * search_lexemes as ADR 0024 decided, in the round trip of the search
 * itself. A prefix starting 1 to MAX_EXPANSIONS indexed words becomes those
 * words, one starting none the word itself (matching nothing, as the prefix
 * did), one starting more stays a prefix. Lexemes are a byte range of the
 * pattern index, as a tsquery prefix compares. A scalar subquery: the
 * planner cannot look into it, so a search is always a scan of the GIN index
 * (ADR 0022). `param` is `lookupParam`'s JSON.
 */
export function lookupQuery(param: SQL | Placeholder | string): SQL {
  const prefix = sql`u.item ->> 1`;
  return sql`(
    select string_agg((u.item ->> 0) || coalesce(x.slot, ''), '' order by u.ord)::tsquery
    from jsonb_array_elements(${param}::jsonb) with ordinality as u(item, ord)
    left join lateral (
      select case
        when count(*) = 0 then ${quotedLexeme(prefix)}
        when count(*) > ${sql.raw(String(MAX_EXPANSIONS))} then ${quotedLexeme(prefix)} || ':*'
        when count(*) = 1 then string_agg(l.quoted, '')
        else '(' || string_agg(l.quoted, ' | ' order by l.quoted) || ')'
      end as slot
      from (
        select ${quotedLexeme(sql`${searchLexemes.lexeme}`)} as quoted
        from ${searchLexemes}
        where ${searchLexemes.lexeme} ~>=~ (${prefix})
          and ${searchLexemes.lexeme} ~<~ ((${prefix}) || chr(1114111))
        order by ${searchLexemes.lexeme} using ~<~
        limit ${sql.raw(String(MAX_EXPANSIONS + 1))}
      ) l
    ) x on (${prefix}) is not null
  )`;
}
