/**
 * Synthetic posts for benchmarks and plan tests, written by the database itself (generate_series),
 * not through the API: a million posts load in minutes. The text is random words of COMMON_WORDS
 * (each in roughly half of the posts, like the product's old seed), and one post in RARE_EVERY
 * carries one of RARE_WORDS, so a search for it finds about count / RARE_EVERY posts.
 */
import { sql } from 'drizzle-orm';
import type { Database } from './client';
import { rowsOf } from './lists';

export const COMMON_WORDS =
  `able account acid actor address advice agency agent airport alarm album amount anchor
angle animal answer apple area army arrival article artist autumn balance ball band bank barrel
basket battle beach bean bear beauty bell belt bench bicycle bird blade blanket board boat bone
book border bottle branch bread breath brick bridge brother budget button cabin cable cake camera
canal candle canvas captain carbon career carpet castle cellar center chain chair channel chapter
cheese chicken child choice church cinema circle city climate clock cloud coach coast coffee
collar college column comfort company concert corner cottage country cousin credit crystal
culture curtain customer dance danger debate decade desert design desk detail diamond dinner
doctor dollar donkey door dragon drawer dream driver drum eagle earth editor effect elbow engine
envelope error estate evening event exchange factory family farmer feather festival field finger
flag flavor flight flower forest fortune fountain friend fruit galaxy garage garden giant ginger
glacier glass glove gold grain grape grass guitar habit hammer harbor harvest health heart helmet
highway history holiday honey horizon horse hotel house island jacket journey judge jungle kettle
kitchen ladder lake lantern laptop lawyer leader lemon letter library light lion liquid machine
magnet market marble meadow memory message metal mirror mission monkey morning mountain museum
music nation needle night noodle novel ocean office onion orange orbit orchard package paint
palace paper parade parrot pencil pepper picture pillow pilot planet pocket poetry potato powder
prairie printer prison puzzle pyramid rabbit radio railway rainbow record ribbon river rocket
saddle salad satellite school season secret shadow shelter signal silver sister sketch soldier
spirit spring square stadium station statue storm story stream studio sugar summer sunset
table tablet teacher temple theory ticket tiger timber tomato tower traffic trail travel
treasure tunnel turtle umbrella valley vessel village violin volcano voyage wagon wallet water
weather wheel whisper window winter wizard wonder yard yellow zebra`.split(/\s+/);

/** Words no common word contains, each in about one post of RARE_EVERY. */
export const RARE_WORDS = [
  'quokka',
  'xylograph',
  'jacquard',
  'kumquat',
  'zymurgy',
  'fjord',
  'quixote',
  'wyvern',
];
export const RARE_EVERY = 10_000;

/** The posts' search index (schema.ts), dropped while seeding and built again after. */
const TRIGRAM_INDEX = 'posts_search_text_trgm_idx';

/**
 * Replaces every post with `count` Published posts by `authorId`, one every 50 minutes back from
 * now (the newest has the highest id), sets post_stats, then refreshes the planner's statistics.
 */
export async function seedPosts(
  db: Database,
  count: number,
  authorId: number,
  { short = false }: { short?: boolean } = {},
): Promise<void> {
  /** `short`: one sentence a field (tests that need many rows, not much text). */
  const fullContentSentences = short ? 1 : 8;
  const common = sql.raw(`array[${COMMON_WORDS.map((word) => `'${word}'`).join(',')}]`);
  const rare = sql.raw(`array[${RARE_WORDS.map((word) => `'${word}'`).join(',')}]`);
  await db.transaction(async (tx) => {
    // A million posts take minutes: the API's per-statement time-out does not apply to seeding.
    await tx.execute(sql`set local statement_timeout = 0`);
    // The counting triggers would update post_stats' one row once per post, each update a new
    // version of it in this one transaction (quadratic): they are off for the seed (this needs a
    // superuser, as the bench and the tests connect), and post_stats is set once at the end.
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`truncate posts restart identity cascade`);
    // The trigram index is built once after the rows are in, far faster than entry by entry.
    const [trigram] = rowsOf<{ indexdef: string }>(
      await tx.execute(sql`select indexdef from pg_indexes where indexname = ${TRIGRAM_INDEX}`),
    );
    if (trigram) await tx.execute(sql.raw(`drop index ${TRIGRAM_INDEX}`));
    // 2 000 random sentences; each post takes its text from them by number.
    await tx.execute(sql`create temporary table seed_sentences on commit drop as
      select n, initcap(array_to_string(array(
        select (${common})[1 + floor(random() * ${COMMON_WORDS.length})::int]
        from generate_series(1, 8 + (n % 11)) where n is not null), ' ')) || '.' as text
      from generate_series(0, 1999) as n`);
    // Each post looks its sentences up by number: a key makes that a lookup, not a scan of 2 000.
    await tx.execute(sql`alter table seed_sentences add primary key (n)`);
    await tx.execute(sql`analyze seed_sentences`);
    await tx.execute(sql`insert into posts
        (title, subtitle, description, full_content, status, author_id, created_at, updated_at)
      select
        (select text from seed_sentences where n = (g * 7) % 2000),
        (select text from seed_sentences where n = (g * 13 + 1) % 2000),
        (select string_agg(text, ' ') from seed_sentences
          where n in ((g * 17) % 2000, (g * 19 + 3) % 2000) and (n = (g * 17) % 2000 or ${!short})),
        (select string_agg(text, ' ') from seed_sentences
          where n in ((g * 23) % 2000, (g * 29 + 5) % 2000, (g * 31 + 7) % 2000, (g * 37 + 11) % 2000,
                      (g * 41 + 13) % 2000, (g * 43 + 17) % 2000, (g * 47 + 19) % 2000, (g * 53 + 23) % 2000)
            and (n = (g * 23) % 2000 or ${fullContentSentences} > 1))
          || case when g % ${RARE_EVERY} = ${RARE_EVERY / 2}
               then ' ' || (${rare})[1 + (g / ${RARE_EVERY}) % ${RARE_WORDS.length}] || '.' else '' end,
        'Published',
        ${authorId},
        now() - (${count} - g) * interval '50 minutes',
        now() - (${count} - g) * interval '50 minutes'
      from generate_series(1, ${count}) as g
      order by g`);
    if (trigram) {
      await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
      await tx.execute(sql.raw(trigram.indexdef));
    }
    await tx.execute(sql`set local session_replication_role = origin`);
    await tx.execute(sql`update post_stats set
      total = (select count(*) from posts),
      published = (select count(*) from posts where status = 'Published'),
      version = version + 1,
      answers_version = answers_version + 1`);
  });
  await db.execute(sql`analyze posts`);
}
